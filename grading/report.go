package grading

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/prepa-reines/reines/tp/display"
)

// CheckMIME is the MIME type of the machine-readable record that every
// check adds to its display bundle (see [Report.Record]); the notebook tests
// read it.
const CheckMIME = "application/vnd.reines.check+json"

// maxBoards is how many failing boards a report draws.
const maxBoards = 3

// Summary returns the French one-line verdict, e.g.
// "Q2 Solutions — 7/9 cas publics réussis (et 4 cas cachés à la correction)",
// followed by « , mais une course critique a été détectée » when the race
// detector found one.
func (r Report) Summary() string {
	var s string
	switch {
	case r.Warning != "" && len(r.Cases) == 0:
		s = fmt.Sprintf("%s — non vérifié", r.label())
	case r.Outcome() == "not-implemented":
		s = fmt.Sprintf("%s — pas encore implémenté", r.label())
	default:
		s = fmt.Sprintf("%s — %d/%d cas publics réussis", r.label(), r.Passed(), len(r.Cases))
	}
	switch {
	case r.Hidden == 1:
		s += " (et 1 cas caché à la correction)"
	case r.Hidden > 1:
		s += fmt.Sprintf(" (et %d cas cachés à la correction)", r.Hidden)
	}
	if r.Race.Report != "" && r.Warning == "" {
		// The cases passed, and the race detector found a race: the
		// summary must not read as a success.
		s += ", mais une course critique a été détectée"
	}
	return s
}

// raceText says what the race detector found, if it ran (see
// Report.Race), in French: the race and its functions, that it saw
// none, or why it could not run.
func (r Report) raceText() string {
	switch {
	case r.Race.Report != "":
		return "✘ Détecteur de courses de Go : course critique (data race) : deux goroutines accèdent à la même variable, l'une en écriture, sans synchronisation (verrou, canal). Les résultats sont justes ici, mais à la correction, les cas où elle se produit échouent.\n" + r.Race.Report
	case r.Race.Checked:
		return "✔ Détecteur de courses de Go : aucune course critique pendant ces cas."
	case r.Race.Note != "":
		return "… Détecteur de courses de Go : pas de vérification ici (" + r.Race.Note + ") ; elle sera faite à la correction."
	}
	return ""
}

func (r Report) label() string { return r.Question.Number() + " " + r.Question.Func }

func mark(s Status) string {
	switch s {
	case Passed:
		return "✔"
	case NotImplemented, Skipped, Unjudged:
		return "…"
	default:
		return "✘"
	}
}

// Text returns the report as plain text: the warning if any, the summary,
// then one line per case with its mark, input, expected and obtained
// values; with French typography (see Typography), as HTML.
func (r Report) Text() string {
	var b strings.Builder
	if r.Warning != "" {
		b.WriteString("⚠ " + r.Warning + "\n")
	}
	b.WriteString(r.Summary() + "\n")
	if r.Hint != "" {
		b.WriteString("→ " + r.Hint + "\n")
	}
	if race := r.raceText(); race != "" {
		b.WriteString(race + "\n")
	}
	if r.Outcome() == "not-implemented" {
		return Typography(b.String())
	}
	for _, c := range r.Cases {
		fmt.Fprintf(&b, "%s %s : %s", mark(c.Status), OneLine(c.Input), c.Status)
		if c.Status == Failed {
			fmt.Fprintf(&b, " — attendu %s, obtenu %s", Shown(c.Want), Shown(c.Got))
		}
		if c.Note != "" {
			fmt.Fprintf(&b, " — %s", OneLine(c.Note))
		}
		b.WriteString("\n")
	}
	return Typography(b.String())
}

// Shown is a value on one line (see OneLine) for a report, "(vide)" if it
// is empty (an answer that returned nothing printable, or was stopped).
func Shown(v string) string {
	if strings.TrimSpace(v) == "" {
		return "(vide)"
	}
	return OneLine(v)
}

// valueStyle lays out inputs and outputs: wrapped at spaces only, never
// inside a word or a number (Jupyter's own style for pre breaks anywhere),
// with a scroll bar when a value is too tall, or too wide (an 81-digit
// Sudoku grid). The report is a size container (containerStyle) and each
// value at most a quarter of its width (25cqw, less the cell's padding),
// the note at least 16 % (noteWidth): with all four columns long, the
// table, 91 % of the report and 36 px, still fits (in an output area
// wider than about 400 px), its last columns in view (notebooks'
// TestLive). A browser without container units keeps 22em.
const valueStyle = "margin:0;white-space:pre-wrap;word-break:normal;overflow-wrap:normal;max-height:12em;max-width:22em;max-width:min(22em,calc(25cqw - 16px));overflow:auto"

// containerStyle makes the report the container of its values' cqw.
const containerStyle = "container-type:inline-size;"

// noteWidth is the least width of the note column (Remarque). The note
// wraps at spaces and, where a word is wider than the column (a grid
// quoted in it), anywhere: a long word does not widen the table.
const noteWidth = "min-width:16em;min-width:min(16em,16cqw)"

// HTML returns the report as an HTML fragment: the warning if any, the
// summary, a table of the cases (✔/✘, input, expected, obtained, note) and
// the boards of the first failing cases, drawn with package board. Texts
// are escaped (display.EscapeHTML); the boards are trusted markup. It is
// written out rather than with html/template, whose use keeps every
// exported method of a program's types in the binary (the linker's dead
// code elimination stops at reflect's method lookups): that was most of a
// check cell's link time (internal/cellbench).
func (r Report) HTML() string {
	colour := "#2ca02c"
	if r.Outcome() != "passed" {
		colour = "#d62728"
	}
	esc := func(s string) string { return display.EscapeHTML(Typography(s)) }
	var b strings.Builder
	b.WriteString(`<div class="reines-check" style="` + containerStyle + `font-family:sans-serif;font-size:13px;border-left:4px solid ` + colour + `;padding:4px 10px;margin:4px 0">` + "\n")
	if r.Warning != "" {
		b.WriteString(`<div class="reines-warning" style="color:#a33;font-weight:bold;margin-bottom:4px">⚠ ` + esc(r.Warning) + "</div>\n")
	}
	b.WriteString(`<div style="font-weight:bold;margin-bottom:4px">` + esc(r.Summary()) + "</div>\n")
	if r.Hint != "" {
		b.WriteString(`<div class="reines-hint" style="color:#8a5a00;margin-bottom:4px">→ ` + esc(r.Hint) + "</div>\n")
	}
	if race := r.raceText(); race != "" {
		b.WriteString(`<pre class="reines-race" style="margin:0 0 4px 0;white-space:pre-wrap;font-family:inherit;color:` + colour + `">` + esc(race) + "</pre>\n")
	}
	value := func(s string) string {
		return `<td style="padding:2px 8px;text-align:left"><pre style="` + valueStyle + `">` + esc(s) + "</pre></td>\n"
	}
	var boards []string
	if len(r.Cases) > 0 {
		b.WriteString(`<table style="border-collapse:collapse">` + "\n" +
			`<tr><th></th><th style="padding:2px 8px;text-align:left">Entrée</th><th style="padding:2px 8px;text-align:left">Attendu</th><th style="padding:2px 8px;text-align:left">Obtenu</th><th style="padding:2px 8px;text-align:left">Remarque</th></tr>` + "\n")
		for _, c := range r.Cases {
			rowColour := "#2ca02c"
			if mark(c.Status) != "✔" {
				rowColour = "#d62728"
			}
			got := c.Got
			if c.Status != Passed && c.Status != Failed {
				got = c.Status.String()
			}
			b.WriteString(`<tr style="vertical-align:top;border-top:1px solid #ddd">` + "\n" +
				`<td style="color:` + rowColour + `;font-weight:bold">` + mark(c.Status) + "</td>\n" +
				value(c.Input) + value(c.Want) + value(got) +
				`<td style="padding:2px 8px;text-align:left;` + noteWidth + `"><pre style="margin:0;white-space:pre-wrap;word-break:normal;overflow-wrap:break-word;overflow-wrap:anywhere">` + esc(c.Note) + "</pre></td></tr>\n")
			if c.Board != nil && len(boards) < maxBoards {
				caption := esc(fmt.Sprintf("Cas « %s » : attendu %s, obtenu %s", OneLine(c.Input), OneLine(c.Want), OneLine(c.Got)))
				boards = append(boards, `<div style="margin-top:6px"><div>`+caption+`</div>`+c.Board.HTML()+`</div>`)
			}
		}
		b.WriteString("</table>\n")
	}
	for _, d := range boards {
		b.WriteString(d)
	}
	b.WriteString("\n</div>")
	return b.String()
}

// Record is the machine-readable summary of a report, added to the display
// bundle under [CheckMIME] as a JSON string (GoNB passes strings through).
type Record struct {
	Question string `json:"question"`
	Outcome  string `json:"outcome"` // passed, failed, not-implemented or stale
	Passed   int    `json:"passed"`
	Total    int    `json:"total"`
	Hidden   int    `json:"hidden"`
	Warning  string `json:"warning,omitempty"`
}

// Record returns the report's [Record].
func (r Report) Record() Record {
	return Record{r.Question.ID, r.Outcome(), r.Passed(), len(r.Cases), r.Hidden, r.Warning}
}

// Display shows the report in the notebook (HTML, text and the record).
func (r Report) Display() {
	rec, _ := json.Marshal(r.Record()) // plain struct: cannot fail
	display.Show(r.HTML(), r.Text(), map[string]any{CheckMIME: string(rec)})
}
