package mcts

import (
	"mcarena/engines"
	"mcarena/games"
)

// find returns the node of the kept tree whose position is the request's,
// at least one ply below the kept root, or 0 if there is none. With the
// game's history it looks for the kept root among the positions the game
// went through (by hash, the latest first) and follows the moves played
// since down the tree; without history it looks one to three plies below
// the root for a node with the position's hash and player to move.
func (sr *search) find(req engines.Request) int32 {
	if req.Start != nil {
		hashes := req.Hashes()
		if len(hashes) != len(req.History)+1 || hashes[len(hashes)-1] != req.Position.Hash() {
			return 0 // a history that does not replay to the position
		}
		for k := len(hashes) - 2; k >= 0; k-- {
			if hashes[k] == sr.rootHash {
				return sr.follow(req.History[k:])
			}
		}
		return 0
	}
	s := req.Position
	for len(sr.scratch) < 4 {
		sr.scratch = append(sr.scratch, s.Clone())
	}
	sr.scratch[0].CopyFrom(sr.root)
	return sr.findFrom(sr.rootIdx, 0, 3, s)
}

// follow walks from the root along moves through expanded nodes and returns
// the node reached, or 0 if the tree does not hold it.
func (sr *search) follow(moves []games.Move) int32 {
	cur := sr.rootIdx
	for _, m := range moves {
		n := sr.pool.at(cur)
		if n.first < 0 {
			return 0
		}
		next := int32(-1)
		for i, ch := range sr.pool.run(n.first, int(n.nExp)) {
			if ch.move == m {
				next = n.first + int32(i)
				break
			}
		}
		if next < 0 {
			return 0
		}
		cur = next
	}
	return cur
}

func (sr *search) findFrom(idx int32, d, depth int, s games.State) int32 {
	n := sr.pool.at(idx)
	if d == depth || n.first < 0 {
		return 0
	}
	here, child := sr.scratch[d], sr.scratch[d+1]
	for c := n.first; c < n.first+int32(n.nExp); c++ {
		child.CopyFrom(here)
		child.Play(sr.pool.at(c).move)
		if child.Hash() == s.Hash() && child.ToMove() == s.ToMove() {
			return c
		}
		if found := sr.findFrom(c, d+1, depth, s); found > 0 {
			return found
		}
	}
	return 0
}
