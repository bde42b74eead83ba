#include "textflag.h"

// func selectPDEP(x uint64, k int) int
TEXT ·selectPDEP(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	MOVQ k+8(FP), CX
	MOVQ $1, DX
	SHLQ CX, DX
	PDEPQ AX, DX, DX
	TZCNTQ DX, DX
	MOVQ DX, ret+16(FP)
	RET

// func cpuid(leaf, sub uint32) (a, b, c, d uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, a+8(FP)
	MOVL BX, b+12(FP)
	MOVL CX, c+16(FP)
	MOVL DX, d+20(FP)
	RET
