package release

import (
	"strings"

	"github.com/prepa-reines/reines/grading"
)

// French typography (see grading.Typography) for what the release writes
// for students: the notebooks' markdown, the French strings and comments of
// their code cells, the student edition's README. The sources keep plain
// spaces; the release puts the no-break ones.

// frenchMarkdown applies French typography to markdown text, but not to
// code: fenced blocks, indented blocks (four spaces or a tab), `code spans`
// and $math$ are left as they are.
func frenchMarkdown(md string) string {
	return mapProse(md, func(l string) string { return outside(l, "`$", grading.ProseTypography) }, true)
}

// mapProse returns markdown md with f applied to each line outside fenced
// and indented code blocks; the code lines are kept as they are if
// keepCode, left out otherwise.
func mapProse(md string, f func(string) string, keepCode bool) string {
	lines := strings.Split(md, "\n")
	kept := lines[:0:0]
	fenced := false
	for _, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~"):
			fenced = !fenced
		case fenced || strings.HasPrefix(l, "    ") || strings.HasPrefix(l, "\t"):
		default:
			kept = append(kept, f(l))
			continue
		}
		if keepCode {
			kept = append(kept, l)
		}
	}
	return strings.Join(kept, "\n")
}

// outside applies f to the parts of line outside the spans that a
// character of delims opens and the same character closes.
func outside(line, delims string, f func(string) string) string {
	var b strings.Builder
	start := 0
	for i := 0; i < len(line); i++ {
		if !strings.ContainsRune(delims, rune(line[i])) {
			continue
		}
		end := strings.IndexByte(line[i+1:], line[i])
		if end < 0 {
			break
		}
		b.WriteString(f(line[start:i]))
		b.WriteString(line[i : i+end+2])
		i += end + 1
		start = i + 1
	}
	b.WriteString(f(line[start:]))
	return b.String()
}

// frenchCode applies French typography to the string literals and comments
// of a code cell (Go with GoNB's ! and % lines), not to the code itself.
func frenchCode(src string) string { return french(src, true) }

// frenchComments applies French typography to the comments of Go code
// only: a reference answer's, whose comments a correction shows in
// French but whose literals (its errors' messages) are the package's.
func frenchComments(src string) string { return french(src, false) }

// french applies French typography to the comments of src, and to its
// string literals if literals.
func french(src string, literals bool) string {
	var b strings.Builder
	flush := func(from, to int, french bool) {
		if french {
			b.WriteString(grading.Typography(src[from:to]))
		} else {
			b.WriteString(src[from:to])
		}
	}
	start := 0
	for i := 0; i < len(src); i++ {
		end := -1
		switch {
		case src[i] == '"' || src[i] == '\'':
			end = i + 1
			for end < len(src) && src[end] != src[i] && src[end] != '\n' {
				if src[end] == '\\' {
					end++
				}
				end++
			}
		case src[i] == '`':
			end = i + 1 + strings.IndexByte(src[i+1:], '`')
			if end == i {
				end = len(src) - 1
			}
		case strings.HasPrefix(src[i:], "//"):
			end = i + strings.IndexByte(src[i:], '\n')
			if end < i {
				end = len(src)
			}
			end-- // the comment ends before its newline
		case strings.HasPrefix(src[i:], "/*"):
			end = i + 2 + strings.Index(src[i+2:], "*/")
			if end < i+2 {
				end = len(src) - 1
			} else {
				end++
			}
		default:
			continue
		}
		end = min(end, len(src)-1)
		flush(start, i, false)
		flush(i, end+1, src[i] == '/' || literals && src[i] != '\'')
		i, start = end, end+1
	}
	flush(start, len(src), false)
	return b.String()
}
