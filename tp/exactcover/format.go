package exactcover

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// SyntaxError is the error [Parse] returns for a bad line. Err wraps one of
// the sentinel errors ([ErrUnknownItem], [ErrRepeatedItem], ...) or a
// reader error.
type SyntaxError struct {
	Line int   // 1-based line number in the input
	Err  error // what is wrong with it
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("exactcover: line %d: %s", e.Line, strings.TrimPrefix(e.Err.Error(), "exactcover: "))
}

func (e *SyntaxError) Unwrap() error { return e.Err }

// maxLine is the longest input line Parse accepts, in bytes.
const maxLine = 1 << 20

// Parse reads a problem in the text format of Knuth's dlx1 (TAOCP
// 7.2.2.1): the first line names the items, separated by white space, the
// primary ones then, after a lone '|', the secondary ones; each following
// line is an option, the names of its items. Blank lines and lines whose
// first non-blank character is '|' are comments, skipped. A line ending in
// "\r\n" is read as ending in "\n". Lines are at most 1 MiB long.
//
// Example (the first example of TAOCP 7.2.2.1):
//
//	| an exact cover problem with seven items
//	a b c d e f g
//	c e
//	a d g
//	b c f
//	a d f
//	b g
//	d e g
//
// Errors: a [*SyntaxError] with the line number, wrapping [ErrNoItems] (no
// item line), [ErrItemName] (also for a second '|'), [ErrDuplicateItem],
// [ErrUnknownItem], [ErrRepeatedItem], [ErrNoPrimary], or the reader's
// error. Cost O(input size) plus O(k²) per option of k items.
func Parse(r io.Reader) (*Problem, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	var p *Problem
	line := 0
	for sc.Scan() {
		line++
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "|") {
			continue
		}
		if p == nil {
			var primary, secondary []string
			bar := false
			for _, f := range fields {
				switch {
				case f == "|" && bar:
					return nil, &SyntaxError{line, fmt.Errorf("%w: a second '|' on the item line", ErrItemName)}
				case f == "|":
					bar = true
				case bar:
					secondary = append(secondary, f)
				default:
					primary = append(primary, f)
				}
			}
			var err error
			if p, err = New(primary, secondary); err != nil {
				return nil, &SyntaxError{line, err}
			}
			continue
		}
		if err := p.AddOption(fields...); err != nil {
			return nil, &SyntaxError{line, err}
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			err = fmt.Errorf("line longer than %d bytes: %w", maxLine, err)
		}
		return nil, &SyntaxError{line + 1, err}
	}
	if p == nil { // reported on the last line read, or line 1 of an empty input
		return nil, &SyntaxError{max(line, 1), ErrNoItems}
	}
	return p, nil
}

// Format writes p in the text format [Parse] reads: the item line (with
// " | " before the secondary items, if any), then one line per option. The
// output parses back to the same items and options, except for a problem
// without items (an empty first line, which Parse rejects). It returns the
// writer's first error. Cost O(size of the output).
func (p *Problem) Format(w io.Writer) error {
	bw := bufio.NewWriter(w)
	primary, secondary := p.Items()
	bw.WriteString(strings.Join(primary, " "))
	if len(secondary) > 0 {
		bw.WriteString(" | ")
		bw.WriteString(strings.Join(secondary, " "))
	}
	bw.WriteByte('\n')
	for k := range p.NumOptions() {
		bw.WriteString(strings.Join(p.Option(k), " "))
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// FromMatrix returns the problem of a 0/1 matrix: one item per column,
// named "c0", "c1", ..., the last secondary ones secondary, and one option
// per row, in order, holding the columns where the row has a 1. Cost
// O(rows × columns).
//
// Errors: [ErrNoPrimary] (wrapped with the row) for a row without a 1 in a
// primary column; [ErrItemName] if secondary is negative or exceeds the
// number of columns; an error if the matrix is ragged or holds an entry
// other than 0 and 1.
func FromMatrix(m Matrix, secondary int) (*Problem, error) {
	ncols := 0
	if len(m) > 0 {
		ncols = len(m[0])
	}
	if secondary < 0 || secondary > ncols {
		return nil, fmt.Errorf("%w: %d secondary columns out of %d", ErrItemName, secondary, ncols)
	}
	names := make([]string, ncols)
	for j := range names {
		names[j] = fmt.Sprintf("c%d", j)
	}
	p, err := New(names[:ncols-secondary], names[ncols-secondary:])
	if err != nil {
		return nil, err
	}
	for r, row := range m {
		if len(row) != ncols {
			return nil, fmt.Errorf("exactcover: row %d has %d columns, row 0 has %d", r, len(row), ncols)
		}
		var items []string
		for j, v := range row {
			switch v {
			case 0:
			case 1:
				items = append(items, names[j])
			default:
				return nil, fmt.Errorf("exactcover: entry (%d, %d) is %d, not 0 or 1", r, j, v)
			}
		}
		if err := p.AddOption(items...); err != nil {
			if errors.Is(err, ErrEmptyOption) {
				err = ErrNoPrimary
			}
			return nil, fmt.Errorf("%w (row %d)", err, r)
		}
	}
	return p, nil
}
