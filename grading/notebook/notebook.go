// Package notebook reads and writes Jupyter notebooks (nbformat 4) as the
// workbook uses them: cells with their source, metadata and outputs, and
// the workbook's own cell metadata under the "reines" key.
package notebook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// Notebook is an nbformat 4 notebook. Unknown top-level metadata is kept.
type Notebook struct {
	Cells         []Cell         `json:"cells"`
	Metadata      map[string]any `json:"metadata"`
	NBFormat      int            `json:"nbformat"`
	NBFormatMinor int            `json:"nbformat_minor"`
}

// Cell is one cell. Outputs and ExecutionCount are only for code cells.
type Cell struct {
	CellType       string            `json:"cell_type"` // "markdown", "code" or "raw"
	ExecutionCount *int              `json:"execution_count,omitempty"`
	ID             string            `json:"id,omitempty"`
	Metadata       map[string]any    `json:"metadata"`
	Outputs        []json.RawMessage `json:"outputs,omitempty"`
	Source         Source            `json:"source"`
}

// Meta is the workbook's metadata of a cell, stored under "reines".
type Meta struct {
	Question string `json:"question,omitempty"` // e.g. "01/Q2"
	Role     string `json:"role"`               // header, statement, answer, check, prose, code
}

// Source is a cell's text. nbformat stores it as a string or a list of
// lines; both read, and it is written as a list of lines.
type Source string

// UnmarshalJSON accepts a string or a list of strings.
func (s *Source) UnmarshalJSON(b []byte) error {
	var one string
	if err := json.Unmarshal(b, &one); err == nil {
		*s = Source(one)
		return nil
	}
	var lines []string
	if err := json.Unmarshal(b, &lines); err != nil {
		return errors.New("notebook: cell source is neither a string nor a list of strings")
	}
	*s = Source(strings.Join(lines, ""))
	return nil
}

// MarshalJSON writes the source as a list of lines, each but the last
// ending in "\n", as Jupyter does.
func (s Source) MarshalJSON() ([]byte, error) {
	lines := strings.SplitAfter(string(s), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if lines == nil {
		lines = []string{}
	}
	return json.Marshal(lines)
}

// MarshalJSON writes the fields nbformat 4 allows for the cell's type: code
// cells always have execution_count (null when not run) and outputs.
func (c Cell) MarshalJSON() ([]byte, error) {
	m := map[string]any{"cell_type": c.CellType, "metadata": c.Metadata, "source": c.Source}
	if m["metadata"] == nil {
		m["metadata"] = map[string]any{}
	}
	if c.ID != "" {
		m["id"] = c.ID
	}
	if c.CellType == "code" {
		m["execution_count"] = c.ExecutionCount
		outputs := c.Outputs
		if outputs == nil {
			outputs = []json.RawMessage{}
		}
		m["outputs"] = outputs
	}
	return json.Marshal(m)
}

// Reines returns the workbook's metadata of c (zero Meta if none).
func (c *Cell) Reines() Meta {
	var m Meta
	if raw, ok := c.Metadata["reines"]; ok {
		b, _ := json.Marshal(raw)
		_ = json.Unmarshal(b, &m)
	}
	return m
}

// Parse reads a notebook. Errors name what is wrong: not JSON, not
// nbformat 4, a cell without a type.
func Parse(data []byte) (*Notebook, error) {
	var nb Notebook
	if err := json.Unmarshal(data, &nb); err != nil {
		return nil, fmt.Errorf("notebook: not a valid notebook file: %w", err)
	}
	if nb.NBFormat != 4 {
		return nil, fmt.Errorf("notebook: nbformat %d is not supported (want 4)", nb.NBFormat)
	}
	for i, c := range nb.Cells {
		if c.CellType == "" {
			return nil, fmt.Errorf("notebook: cell %d has no cell_type", i+1)
		}
	}
	return &nb, nil
}

// ParseHandedIn reads a notebook a student handed in or checks, with the
// reason in French when it is not usable: an empty file, JSON that is
// invalid or cut short, an old format (nbformat 3, which Jupyter converts
// when it saves), a cell without a type, no cell at all.
func ParseHandedIn(data []byte) (*Notebook, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, errors.New("fichier vide")
	}
	var head struct {
		NBFormat   int             `json:"nbformat"`
		Worksheets json.RawMessage `json:"worksheets"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, fmt.Errorf("ce n'est pas un notebook lisible (JSON invalide ou tronqué : %s)", jsonReason(err))
	}
	if head.NBFormat < 4 || head.Worksheets != nil {
		return nil, fmt.Errorf("notebook au format ancien (nbformat %d) : ouvrez-le dans Jupyter et enregistrez-le pour le convertir", head.NBFormat)
	}
	if head.NBFormat > 4 {
		return nil, fmt.Errorf("notebook au format nbformat %d, inconnu du cahier (il lit le format 4)", head.NBFormat)
	}
	var nb *Notebook
	if err := json.Unmarshal(data, &nb); err != nil || nb == nil {
		return nil, fmt.Errorf("notebook invalide : %s", jsonReason(err))
	}
	for i, c := range nb.Cells {
		if c.CellType == "" {
			return nil, fmt.Errorf("notebook invalide : la cellule %d n'a pas de type", i+1)
		}
	}
	if len(nb.Cells) == 0 {
		return nil, errors.New("notebook vide")
	}
	return nb, nil
}

// jsonReason says in French why encoding/json refused a notebook.
func jsonReason(err error) string {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case err == nil:
		return "aucun contenu"
	case errors.Is(err, io.ErrUnexpectedEOF) || err.Error() == "unexpected end of JSON input":
		return "le fichier s'arrête avant la fin"
	case errors.As(err, &syntax):
		return fmt.Sprintf("caractère inattendu à l'octet %d", syntax.Offset)
	case errors.As(err, &typ) && typ.Field != "":
		return fmt.Sprintf("le champ « %s » n'a pas le type attendu", typ.Field)
	}
	return "structure inattendue"
}

// Read reads the notebook file at path.
func Read(path string) (*Notebook, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	nb, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return nb, nil
}

// Marshal returns the notebook as Jupyter writes it: JSON indented by one
// space, keys sorted, a final newline, non-ASCII text kept as is.
func (nb *Notebook) Marshal() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	// Round-trip through a generic value so that keys come out sorted.
	raw, err := json.Marshal(nb)
	if err != nil {
		return nil, err
	}
	var generic any
	if err := json.Unmarshal(raw, &generic); err != nil {
		return nil, err
	}
	if err := enc.Encode(generic); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// ClearOutputs returns the notebook data with every code cell's outputs
// emptied and its execution count null, as Jupyter's « Clear All Outputs »
// leaves it; everything else (sources, metadata, attachments, fields this
// package does not know) is kept as it is, and the result is written as
// Jupyter writes a notebook (see Marshal). Cost: one decoding and one
// encoding of data. Errors: data is not a JSON object with a list of cells.
func ClearOutputs(data []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // numbers in metadata come back as they were written
	var nb map[string]any
	if err := dec.Decode(&nb); err != nil || nb == nil {
		return nil, fmt.Errorf("notebook: not a valid notebook file: %v", err)
	}
	cells, ok := nb["cells"].([]any)
	if !ok {
		return nil, errors.New("notebook: no list of cells")
	}
	for _, c := range cells {
		if cell, ok := c.(map[string]any); ok && cell["cell_type"] == "code" {
			cell["outputs"] = []any{}
			cell["execution_count"] = nil
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(nb); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
