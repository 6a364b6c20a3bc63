package grading

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// Timing is one measured run of a function, for the notebooks' speed-up
// demonstrations (notebook 05, questions 24b and 29): its wall time, the
// CPU time this process used during it (every goroutine's, so two busy
// workers give about twice the wall time), and the CPU time the rest of
// the machine used meanwhile (other programs; Others is -1 where the
// machine does not say, outside Linux).
type Timing struct {
	Wall, CPU, Others time.Duration
}

// BestOf runs f runs times (at least once) and returns the run with the
// least wall time: the one least disturbed by the rest of the machine.
// Cost: runs calls of f, plus two reads of /proc/stat per run on Linux.
func BestOf(runs int, f func()) Timing {
	best := Timing{Wall: time.Duration(math.MaxInt64)}
	for range max(runs, 1) {
		busy0, ok0 := machineBusy()
		cpu0 := processCPU()
		start := time.Now()
		f()
		t := Timing{Wall: time.Since(start), CPU: processCPU() - cpu0, Others: -1}
		if busy1, ok1 := machineBusy(); ok0 && ok1 {
			t.Others = max(busy1-busy0-t.CPU, 0)
		}
		if t.Wall < best.Wall {
			best = t
		}
	}
	return best
}

// String gives the run in French: « 0,412 s (processeur : 0,80 s) ».
func (t Timing) String() string {
	return Typography(fmt.Sprintf("%.3f\u00a0s (processeur : %.2f\u00a0s)", Dec(t.Wall.Seconds()), Dec(t.CPU.Seconds())))
}

// Cores is the share of a core the run used on average: CPU / Wall (about
// 2 for two workers that never wait).
func (t Timing) Cores() float64 {
	if t.Wall <= 0 {
		return 0
	}
	return t.CPU.Seconds() / t.Wall.Seconds()
}

// busyShare is the share of the wall time of a run that other programs
// may take before the measure says it cannot be trusted.
const busyShare = 0.25

// TimingNote says, in French, on what the measured runs ran: the cores,
// the machine's load, and, when other programs took more than a quarter
// of a core during one of the runs, that the times and their ratios cannot
// be trusted. It ends with a newline.
func TimingNote(runs ...Timing) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Mesuré sur %s", Plural(runtime.NumCPU(), "cœur"))
	if load, ok := loadAverage(); ok {
		fmt.Fprintf(&b, ", charge de la machine %.1f (moyenne sur une minute)", Dec(load))
	}
	b.WriteString(" ; le meilleur de plusieurs mesures.\n")
	busiest := 0.0
	for _, t := range runs {
		if t.Others >= 0 && t.Wall > 0 {
			busiest = max(busiest, t.Others.Seconds()/t.Wall.Seconds())
		}
	}
	if busiest > busyShare {
		fmt.Fprintf(&b, "⚠ Pendant une mesure, d'autres programmes ont occupé l'équivalent de %.1f cœur : ces temps et leurs rapports ne disent pas grand-chose de votre code. Relancez cette cellule seule, la machine au repos.\n", Dec(busiest))
	}
	if runtime.NumCPU() < 2 {
		b.WriteString("Un seul cœur : deux travailleurs ne peuvent pas aller plus vite qu'un.\n")
	}
	return Typography(b.String())
}

// machineBusy is the CPU time every core of the machine has spent busy
// (not idle, not waiting for I/O) since it started: the first line of
// /proc/stat, in clock ticks of 10 ms (USER_HZ, 100 on Linux). false
// where there is no /proc/stat.
func machineBusy() (time.Duration, bool) {
	data, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, false
	}
	line, _, _ := strings.Cut(string(data), "\n")
	fields := strings.Fields(line)
	if len(fields) < 8 || fields[0] != "cpu" {
		return 0, false
	}
	var ticks int64
	for i, f := range fields[1:8] { // user nice system idle iowait irq softirq
		if i == 3 || i == 4 {
			continue
		}
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return 0, false
		}
		ticks += n
	}
	return time.Duration(ticks) * 10 * time.Millisecond, true
}

// loadAverage is the machine's load over the last minute (/proc/loadavg).
func loadAverage() (float64, bool) {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(data))
	if len(f) == 0 {
		return 0, false
	}
	load, err := strconv.ParseFloat(f[0], 64)
	return load, err == nil
}
