package engines

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
)

// machineMemory returns the machine's memory in bytes, or 0 where it
// cannot be read (the check is then skipped).
var machineMemory = sync.OnceValue(func() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemTotal:" {
			kb, err := strconv.ParseInt(fields[1], 10, 64)
			if err == nil {
				return kb * 1024
			}
		}
	}
	return 0
})

// CheckMemory refuses a table or a pool whose largest size, bytes, cannot
// fit in this machine's memory, naming the option and both sizes.
func CheckMemory(option string, bytes int64) error {
	total := machineMemory()
	if total > 0 && bytes > total {
		return fmt.Errorf("%s: the largest size takes %s, more than this machine's %s of memory", option, gib(bytes), gib(total))
	}
	return nil
}

func gib(b int64) string { return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30)) }
