package grading

import (
	"fmt"
	"strconv"
	"strings"
	"time"
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

// Plurals writes k and the phrase that agrees with it: one for 0 and 1,
// many from 2 on.
func Plurals[I int | int64](k I, one, many string) string {
	if k >= 2 || k <= -2 {
		return fmt.Sprintf("%d %s", k, many)
	}
	return fmt.Sprintf("%d %s", k, one)
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

// OneLine folds s onto one line of at most 200 bytes, for captions and
// text reports.
func OneLine(s string) string {
	s = strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", " / ")
	if len(s) > 200 {
		cut := 200
		for cut > 0 && !utf8Start(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

// NBSP is the no-break space French typography puts before ; : ! ? and
// inside « ».
const NBSP = "\u00a0"

// typographer replaces the plain spaces that French typography wants
// unbreakable.
var typographer = strings.NewReplacer(" ;", NBSP+";", " :", NBSP+":", " !", NBSP+"!", " ?", NBSP+"?", "« ", "«"+NBSP, " »", NBSP+"»")

// Typography returns French text s with no-break spaces where French
// typography wants them: before ; : ! ? and inside « », when s has a plain
// space there (it adds none where s has no space: "http://", "a:b"). It
// is applied to every report, feedback and message a student reads.
func Typography(s string) string { return typographer.Replace(s) }

// Dec is a number that fmt prints with a decimal comma, the French way,
// under any float verb and its flags ("%8.3f" of Dec(0.5) is "   0,500").
type Dec float64

// Format implements fmt.Formatter.
func (d Dec) Format(f fmt.State, verb rune) {
	spec := "%"
	for _, flag := range "+-# 0" {
		if f.Flag(int(flag)) {
			spec += string(flag)
		}
	}
	if w, ok := f.Width(); ok {
		spec += strconv.Itoa(w)
	}
	if p, ok := f.Precision(); ok {
		spec += "." + strconv.Itoa(p)
	}
	fmt.Fprint(f, strings.Replace(fmt.Sprintf(spec+string(verb), float64(d)), ".", ",", 1))
}

// De is the French "de" before name, elided before a vowel: "de Solve",
// "d'IsSafe".
func De(name string) string {
	if name != "" && strings.ContainsRune("AEIOUYaeiouyÉé", []rune(name)[0]) {
		return "d'" + name
	}
	return "de " + name
}
