package typotest

import "testing"

// The numbers French text must group, and the digit runs that are not
// such numbers.
func TestUngroupedNumbers(t *testing.T) {
	const nb = "\u00a0" // the no-break space that groups digits (tp/french)
	for in, want := range map[string]int{
		"2680 solutions": 1, "14200.": 1, "(1000 reines)": 1, "[2000 1979]": 2, "2" + nb + "680 et 14" + nb + "200": 0,
		"A000170, Q27, s18, #333333, 0,0049, 3.1416, 12:30, /2000/svg": 0, "Simkin (2021)": 0, "0010100\n1001001": 0,
		"530070000600195000098000060800060003400803001700020006060000280000419005000080079": 0,
	} {
		if got := UngroupedNumbers(in); len(got) != want {
			t.Errorf("UngroupedNumbers(%q) = %q; want %d", in, got, want)
		}
	}
}
