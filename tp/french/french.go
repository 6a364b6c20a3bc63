// Package french writes numbers the French way, for everything a student
// reads: the checks' messages and tables (package grading builds on it) and
// the charts' axes and fallback drawings (package chart). One rule
// everywhere: a decimal comma, and the digits of the integer part grouped by
// three from 1 000 on with a no-break space (U+00A0, the space French
// typography puts before ; : ! ?): "14 200", "2 680", "0,5", "1 234,5".
package french

import (
	"math"
	"strconv"
	"strings"
)

// NBSP is the no-break space between groups of digits (and, in package
// grading, before ; : ! ? and inside « »).
const NBSP = "\u00a0"

// GroupDigits returns a run of ASCII digits with NBSP between its groups of
// three from four digits on: "2680" is "2 680", "724" stays. It does not
// look at what digits holds: pass digits only.
func GroupDigits(digits string) string {
	if len(digits) <= 3 {
		return digits
	}
	var b strings.Builder
	for i := 0; i < len(digits); i++ {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteString(NBSP)
		}
		b.WriteByte(digits[i])
	}
	return b.String()
}

// Number writes v as a French decimal, in the fewest digits that give it
// back (strconv's shortest 'f' form: no exponent), its integer part
// grouped: 1000 is "1 000", 0.25 is "0,25", -1234.5 is "-1 234,5". NaN and
// infinities are written "NaN", "+∞", "−∞". Cost: O(digits).
func Number(v float64) string {
	switch {
	case math.IsNaN(v):
		return "NaN"
	case math.IsInf(v, 1):
		return "+∞"
	case math.IsInf(v, -1):
		return "−∞"
	}
	return Decimal(strconv.FormatFloat(v, 'f', -1, 64))
}

// Decimal rewrites a number that Go printed in the English way ("-1234.5",
// "+14200", "3e+06") in the French way: the point becomes a comma and the
// integer part is grouped ("-1 234,5"); a number with an exponent keeps its
// digits as they are, its point a comma ("3,5e+06").
func Decimal(s string) string {
	s = strings.Replace(s, ".", ",", 1)
	if strings.ContainsAny(s, "eEpxX") {
		return s
	}
	start := strings.IndexAny(s, "0123456789")
	end := strings.IndexByte(s, ',')
	if end < 0 {
		end = len(s)
	}
	if start < 0 || start >= end {
		return s
	}
	return s[:start] + GroupDigits(s[start:end]) + s[end:]
}
