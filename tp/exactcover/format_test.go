package exactcover

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

func TestParse(t *testing.T) {
	in := "| comment before the items\r\n\n  a b | s t\r\n| a comment\r\na s\n\tb   t \n  | indented comment\nb\n"
	p, err := Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	primary, secondary := p.Items()
	if !slices.Equal(primary, []string{"a", "b"}) || !slices.Equal(secondary, []string{"s", "t"}) {
		t.Errorf("items %q | %q; want [a b] | [s t]", primary, secondary)
	}
	wantOptions := [][]string{{"a", "s"}, {"b", "t"}, {"b"}}
	if p.NumOptions() != len(wantOptions) {
		t.Fatalf("%d options; want %d", p.NumOptions(), len(wantOptions))
	}
	for k, want := range wantOptions {
		if got := p.Option(k); !slices.Equal(got, want) {
			t.Errorf("option %d = %q; want %q", k, got, want)
		}
	}
	// a s + b t and a s + b: b is covered exactly once, t at most once.
	if n, _ := p.Count(t.Context()); n != 2 {
		t.Errorf("Count = %d; want 2", n)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want error // nil: see text
		line int
		text string // in the message, when want is nil
	}{
		{"empty input", "", ErrNoItems, 1, ""},
		{"comments only", "| nothing\n\n| here\n", ErrNoItems, 3, ""},
		{"unknown after a comment", "a b\n| x\nc\n", ErrUnknownItem, 3, ""},
		{"duplicate item name", "a b a\n", ErrDuplicateItem, 1, ""},
		{"duplicate across bar", "a b | b\n", ErrDuplicateItem, 1, ""},
		{"two bars", "a | b | c\n", ErrItemName, 1, ""},
		{"colon", "a b:1\n", ErrItemName, 1, ""},
		{"unknown item", "a b\na\nb z\n", ErrUnknownItem, 3, ""},
		{"repeated item", "a b\na b a\n", ErrRepeatedItem, 2, ""},
		{"secondary only option", "a | s\ns\n", ErrNoPrimary, 2, ""},
		{"bar in an option", "a b\na | b\n", ErrUnknownItem, 2, ""},
		{"line too long", "a\n" + strings.Repeat("a", maxLine+1), nil, 2, "longer than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tt.in))
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Parse error %v; want a *SyntaxError", err)
			}
			if se.Line != tt.line {
				t.Errorf("error %q on line %d; want line %d", err, se.Line, tt.line)
			}
			if tt.want != nil && !errors.Is(err, tt.want) {
				t.Errorf("error %q; want %q", err, tt.want)
			}
			if !strings.Contains(err.Error(), tt.text) {
				t.Errorf("error %q; want it to say %q", err, tt.text)
			}
			if !strings.HasPrefix(err.Error(), "exactcover: line ") || strings.Count(err.Error(), "exactcover:") != 1 {
				t.Errorf("message %q; want one \"exactcover: line N: ...\" prefix", err)
			}
		})
	}
	t.Run("reader error", func(t *testing.T) {
		boom := errors.New("boom")
		_, err := Parse(iotest.ErrReader(boom))
		if !errors.Is(err, boom) {
			t.Errorf("Parse error %v; want %v", err, boom)
		}
	})
}

// TestFormatRoundTrip formats problems and parses them back.
func TestFormatRoundTrip(t *testing.T) {
	blocks := readBlocks(t, "testdata/dlx-secondary-columns.txt")
	problems := []*Problem{knuthProblem(t)}
	for _, b := range blocks {
		p, err := FromMatrix(b.rows, b.secondary)
		if err != nil {
			t.Fatal(err)
		}
		problems = append(problems, p)
	}
	for k, p := range problems {
		var buf bytes.Buffer
		if err := p.Format(&buf); err != nil {
			t.Fatal(err)
		}
		q, err := Parse(&buf)
		if err != nil {
			t.Fatalf("problem %d: Parse(Format): %v", k, err)
		}
		if err := sameProblem(p, q); err != "" {
			t.Errorf("problem %d: %s", k, err)
		}
	}
}

// sameProblem compares items and options; "" when equal.
func sameProblem(p, q *Problem) string {
	p1, p2 := p.Items()
	q1, q2 := q.Items()
	if !slices.Equal(p1, q1) || !slices.Equal(p2, q2) {
		return "items differ: " + strings.Join(p1, " ") + " | " + strings.Join(p2, " ") + " vs " + strings.Join(q1, " ") + " | " + strings.Join(q2, " ")
	}
	if p.NumOptions() != q.NumOptions() {
		return "numbers of options differ"
	}
	for k := range p.NumOptions() {
		if !slices.Equal(p.Option(k), q.Option(k)) {
			return "option " + strings.Join(p.Option(k), " ") + " became " + strings.Join(q.Option(k), " ")
		}
	}
	return ""
}

// FuzzParse checks that Parse never panics, that what it accepts passes
// Verify, and that Format then Parse gives the same problem.
func FuzzParse(f *testing.F) {
	f.Add("a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n")
	f.Add("| comment\na b | s\na s\nb\r\n")
	f.Add("a | b | c\n")
	f.Add("a:1 b\n")
	f.Add("x\nx x\n")
	f.Add("\xef\xbb\xbfa b\na\n")
	f.Fuzz(func(t *testing.T, in string) {
		p, err := Parse(strings.NewReader(in))
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %v is not a *SyntaxError", err)
			}
			return
		}
		if err := p.Verify(); err != nil {
			t.Fatalf("Verify after Parse(%q): %v", in, err)
		}
		var buf bytes.Buffer
		if err := p.Format(&buf); err != nil {
			t.Fatal(err)
		}
		q, err := Parse(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("Parse(Format(Parse(%q))) = %v; formatted:\n%s", in, err, buf.String())
		}
		if msg := sameProblem(p, q); msg != "" {
			t.Fatalf("round trip of %q: %s", in, msg)
		}
	})
}
