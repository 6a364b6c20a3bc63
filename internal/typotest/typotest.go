// Package typotest checks French typography in what the workbook's tests
// read: the notebooks' statements and the reports their checks print.
package typotest

import (
	"strings"
	"unicode"
)

// UngroupedNumbers returns the numbers of four digits or more that French
// text writes without grouping their digits by three (see grading.Int and
// grading.ProseTypography): "2680" but not "2 680". Not counted: a digit run that is
// part of a word or an identifier (A000170, Q27, x1000, s18), of a decimal
// or a time (0,0049, 1.5, 12:30), of a path or a colour (#333333, /2000/),
// a year in parentheses ("(2021)"), a run of 0s and 1s that starts or
// ends a line (the bit rows of notebook 04's matrices), and a run of more than 16 digits (a Sudoku
// grid, not a number). Each is returned with a few characters around it.
func UngroupedNumbers(text string) []string {
	rs := []rune(text)
	at := func(i int) rune {
		if i < 0 || i >= len(rs) {
			return ' '
		}
		return rs[i]
	}
	digit := func(r rune) bool { return r >= '0' && r <= '9' }
	word := func(r rune) bool { return unicode.IsLetter(r) || digit(r) || strings.ContainsRune("_#/:.-+", r) }
	var found []string
	for i := 0; i < len(rs); {
		if !digit(rs[i]) {
			i++
			continue
		}
		j := i
		for j < len(rs) && digit(rs[j]) {
			j++
		}
		run := string(rs[i:j])
		before, after := at(i-1), at(j)
		switch {
		case j-i < 4 || j-i > 16, strings.Trim(run, "01") == "" && (before == '\n' || after == '\n' || i == 0):
		case word(before) || word(after) && !(after == '.' && !digit(at(j+1))):
		case before == ',' && digit(at(i-2)), after == ',' && digit(at(j+1)):
		case j-i == 4 && before == '(' && run >= "1500" && run <= "2099":
		default:
			found = append(found, string(rs[max(0, i-20):min(len(rs), j+10)]))
		}
		i = j
	}
	return found
}
