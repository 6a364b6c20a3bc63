package grading

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/prepa-reines/reines/tp/french"
)

// Plural writes k and the word, with an s from 2 on (French: 0 and 1 are
// singular); words ending in s or x do not change.
func Plural[I int | int64](k I, word string) string {
	many := word + "s"
	if strings.HasSuffix(word, "s") || strings.HasSuffix(word, "x") {
		many = word
	}
	return Plurals(k, word, many)
}

// Plurals writes k (grouped as Int does) and the phrase that agrees with
// it: one for 0 and 1, many from 2 on.
func Plurals[I int | int64](k I, one, many string) string {
	return fmt.Sprintf("%d %s", Int(k), Agree(k, one, many))
}

// Agree returns the phrase that agrees with k, without k: one for 0 and
// 1, many from 2 on (French).
func Agree[I int | int64](k I, one, many string) string {
	if k >= 2 || k <= -2 {
		return many
	}
	return one
}

// Int is an integer that fmt prints the French way, its digits grouped by
// three from 1 000 on with a no-break space (NBSP) between groups:
// "14 200", "-2 680", "724". Under %d and %v; a width pads to that many
// characters (runes, so that columns of a table stay aligned in a
// monospace font), the - flag on the right. Every count a student reads
// (solutions, nodes, trials) goes through it; row and column numbers,
// which stay small, need not.
type Int int64

// Format implements fmt.Formatter.
func (n Int) Format(f fmt.State, verb rune) {
	if verb != 'd' && verb != 'v' {
		fmt.Fprintf(f, fmt.FormatString(f, verb), int64(n))
		return
	}
	digits := strconv.FormatInt(int64(n), 10)
	sign := ""
	if n < 0 {
		sign, digits = "-", digits[1:]
	} else if f.Flag('+') {
		sign = "+"
	}
	s := sign + french.GroupDigits(digits)
	pad(f, s)
}

// pad writes s to f padded with spaces to f's width, counted in runes (on
// the right under the - flag).
func pad(f fmt.State, s string) {
	if w, ok := f.Width(); ok {
		if n := w - utf8.RuneCountInString(s); n > 0 {
			if f.Flag('-') {
				s += strings.Repeat(" ", n)
			} else {
				s = strings.Repeat(" ", n) + s
			}
		}
	}
	fmt.Fprint(f, s)
}

// Ints writes the integers of xs grouped as Int does, separated by
// commas: "1 979, 2 021". A space-separated list of grouped numbers would
// be ambiguous ("8 728" for 8 and 728).
func Ints[I int | int64](xs []I) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(Int(x))
	}
	return strings.Join(parts, ", ")
}

// Seconds writes d in seconds, the French way: "10 s", "0,5 s".
func Seconds(d time.Duration) string {
	return strings.Replace(strconv.FormatFloat(d.Seconds(), 'f', -1, 64), ".", ",", 1) + "\u00a0s"
}

// YesNo returns « oui » or « non », for the notebooks' French tables.
func YesNo(ok bool) string {
	if ok {
		return "oui"
	}
	return "non"
}

// OneLine folds s onto one line of at most 400 bytes (a check's longest
// hint fits), cut at a character boundary, for captions and text reports
// (see Flatten).
func OneLine(s string) string {
	s = Flatten(s)
	if len(s) > 400 {
		cut := 400
		for cut > 0 && !utf8Start(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

// Flatten folds s onto one line, whatever a reader takes for a line's end:
// each line terminator (\n, \r, \r\n, vertical tab, form feed, U+0085,
// U+2028, U+2029) becomes " / " (those at the end are dropped), a tab a
// space, and any other control character U+FFFD. Every text that comes
// from a submission (its values, names, messages) goes through it before
// it lands in a line of Markdown, where a line's end would let it out of
// its span.
func Flatten(s string) string {
	var b strings.Builder
	pending := false // a line terminator not written yet
	for _, r := range strings.ReplaceAll(s, "\r\n", "\n") {
		switch {
		case r == '\n' || r == '\r' || r == '\v' || r == '\f' || r == '\u0085' || r == '\u2028' || r == '\u2029':
			pending = true
			continue
		case pending:
			b.WriteString(" / ")
			pending = false
		}
		switch {
		case r == '\t':
			b.WriteByte(' ')
		case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0:
			b.WriteRune(utf8.RuneError)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// NBSP is the no-break space French typography puts before ; : ! ? and
// inside « », and between groups of digits.
const NBSP = french.NBSP

// typographer replaces the plain spaces that French typography wants
// unbreakable.
var typographer = strings.NewReplacer(" ;", NBSP+";", " :", NBSP+":", " !", NBSP+"!", " ?", NBSP+"?", "« ", "«"+NBSP, " »", NBSP+"»")

// Typography returns French text s with no-break spaces where French
// typography wants them: before ; : ! ? and inside « », when s has a plain
// space there (it adds none where s has no space: "http://", "a:b"). It
// is applied to every report, feedback and message a student reads.
func Typography(s string) string { return typographer.Replace(s) }

// ProseTypography is Typography for the workbook's authored French prose (the
// notebooks' markdown, the guide, the handouts), which also groups the
// digits written with plain spaces: "14 200" gets a no-break space, so
// that a number is never cut at the end of a line. In such prose a number
// followed by a space and exactly three digits is always one number: the
// sources write lists of numbers with commas ("1, 4, 1, 16"). Not for
// messages built by code, whose lists may be separated by spaces (use Int
// there).
func ProseTypography(s string) string { return groupDigits(Typography(s)) }

// groupDigits replaces the plain space in each "d ddd" of s (a run of one
// to three digits followed by groups of a space and three digits, not
// inside a longer number) by a no-break space.
func groupDigits(s string) string {
	isDigit := func(i int) bool { return i >= 0 && i < len(s) && s[i] >= '0' && s[i] <= '9' }
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' && isDigit(i-1) && isDigit(i+1) && isDigit(i+2) && isDigit(i+3) && !isDigit(i+4) {
			lead := i - 1 // the digits before the space: at most three, after a group or not after a digit
			for lead > 0 && isDigit(lead-1) {
				lead--
			}
			if i-lead <= 3 && (lead == 0 || s[lead-1] != ',' && s[lead-1] != '.' || !isDigit(lead-2)) {
				b.WriteString(NBSP)
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// Dec is a number that fmt prints with a decimal comma, the French way,
// under any float verb and its flags ("%8.3f" of Dec(0.5) is "   0,500"),
// and the digits of its integer part grouped as Int does ("%.0f" of
// Dec(14200) is "14 200"); a width counts characters (runes).
type Dec float64

// Format implements fmt.Formatter.
func (d Dec) Format(f fmt.State, verb rune) {
	spec := "%"
	for _, flag := range "+# " {
		if f.Flag(int(flag)) {
			spec += string(flag)
		}
	}
	if p, ok := f.Precision(); ok {
		spec += "." + strconv.Itoa(p)
	}
	s := french.Decimal(fmt.Sprintf(spec+string(verb), float64(d)))
	pad(f, s)
}

// De is the French "de" before name, elided before a vowel: "de Solve",
// "d'IsSafe".
func De(name string) string {
	if name != "" && strings.ContainsRune("AEIOUYaeiouyÉé", []rune(name)[0]) {
		return "d'" + name
	}
	return "de " + name
}
