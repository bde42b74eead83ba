package grid

// fastPDEP says Select may use the BMI2 instruction PDEP: the processor has
// it, and it is one of those that run it in a few cycles (Intel since
// Haswell, AMD since Zen 3; AMD's earlier BMI2 processors take hundreds of
// cycles for it, so they keep the broadword select).
var fastPDEP = pdepIsFast()

func pdepIsFast() bool {
	maxLeaf, vb, vc, vd := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	if _, b, _, _ := cpuid(7, 0); b&(1<<8) == 0 { // BMI2
		return false
	}
	amd := vb == 0x68747541 && vd == 0x69746e65 && vc == 0x444d4163 // "AuthenticAMD"
	if !amd {
		return true
	}
	a, _, _, _ := cpuid(1, 0)
	family := a >> 8 & 0xf
	if family == 0xf {
		family += a >> 20 & 0xff
	}
	return family >= 0x19
}

// selectPDEP is Select by PDEP: the k-th set bit of x deposited alone, then
// counted from the bottom.
//
//go:noescape
func selectPDEP(x uint64, k int) int

// cpuid runs the CPUID instruction.
//
//go:noescape
func cpuid(leaf, sub uint32) (a, b, c, d uint32)
