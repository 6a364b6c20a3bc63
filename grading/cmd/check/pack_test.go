package main

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/prepa-reines/reines/grading/batch"
	"github.com/prepa-reines/reines/grading/export"
	"github.com/prepa-reines/reines/grading/fixtures"
	"github.com/prepa-reines/reines/grading/notebook"
	"github.com/prepa-reines/reines/grading/sandbox"
)

// withOutputs returns the notebook at path as Jupyter saves it once run:
// every code cell counted, with printed text and, in the header, a chart
// library's worth of HTML (1.6 MB, the size of a saved notebook of the
// workbook).
func withOutputs(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var nb map[string]any
	if err := json.Unmarshal(data, &nb); err != nil {
		t.Fatal(err)
	}
	library := "<script>" + strings.Repeat("(function(){var e=echarts;})();", 1_600_000/31) + "</script>"
	n := 0
	for _, c := range nb["cells"].([]any) {
		cell := c.(map[string]any)
		if cell["cell_type"] != "code" {
			continue
		}
		n++
		cell["execution_count"] = n
		outputs := []any{map[string]any{"output_type": "stream", "name": "stdout", "text": []any{"✔ 3 cas sur 4\n", "✘ n = 6 : attendu 4, obtenu 8\n"}}}
		if n == 1 {
			outputs = append(outputs, map[string]any{"output_type": "display_data", "metadata": map[string]any{}, "data": map[string]any{"text/html": library, "text/plain": "ECharts chargé"}})
		}
		cell["outputs"] = outputs
	}
	out, err := json.MarshalIndent(nb, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// What make rendu packs is under 300 kB a notebook, holds the student's
// code cells byte for byte, and gets from the grader the same points as
// the notebook with its outputs (a notebook of typical mistakes, so that
// the points are neither none nor all). An earlier pack is replaced,
// other files of the folder are kept.
func TestPackGradesSame(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "notebooks", "01-recursion.ipynb")
	os.MkdirAll(filepath.Dir(src), 0o755)
	run := withOutputs(t, fixtures.Path(t, fixtures.MistakesSet, "01-count-mirror-twice.ipynb"))
	if len(run) < 1_500_000 {
		t.Fatalf("the run notebook has %d bytes; want a saved notebook's 1.5 MB or more", len(run))
	}
	if err := os.WriteFile(src, run, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "rendu")
	os.MkdirAll(out, 0o755)
	for name, data := range map[string]string{"05-domination.ipynb": "an earlier pack", "rendu.zip": "an earlier zip", "notes.txt": "the student's"} {
		os.WriteFile(filepath.Join(out, name), []byte(data), 0o644)
	}
	var report bytes.Buffer
	if err := packAll(&report, out, []string{src}); err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", report.String())
	packed := filepath.Join(out, "01-recursion.ipynb")
	data, err := os.ReadFile(packed)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) >= 300_000 {
		t.Errorf("packed notebook: %d bytes; want under 300 kB", len(data))
	}
	if !strings.Contains(report.String(), "01-recursion.ipynb\u00a0: 1,6\u00a0Mo → ") || !strings.Contains(report.String(), "rendu.zip") {
		t.Errorf("report does not give the sizes and the zip:\n%s", report.String())
	}
	before, _ := notebook.Parse(run)
	after, err := notebook.Parse(data)
	if err != nil || len(after.Cells) != len(before.Cells) {
		t.Fatalf("packed notebook: %v", err)
	}
	for i, c := range after.Cells {
		if c.Source != before.Cells[i].Source || len(c.Outputs) != 0 {
			t.Errorf("cell %d: source changed or %d outputs left", i, len(c.Outputs))
		}
	}
	zr, err := zip.OpenReader(filepath.Join(out, "rendu.zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	if len(zr.File) != 1 || zr.File[0].Name != "01-recursion.ipynb" {
		t.Fatalf("rendu.zip holds %d files; want 01-recursion.ipynb only", len(zr.File))
	}
	rc, _ := zr.File[0].Open()
	inZip, _ := io.ReadAll(rc)
	rc.Close()
	if !bytes.Equal(inZip, data) {
		t.Error("rendu.zip's notebook is not the packed one")
	}
	if _, err := os.Stat(filepath.Join(out, "05-domination.ipynb")); err == nil {
		t.Error("an earlier pack's notebook is left in the folder")
	}
	if b, _ := os.ReadFile(filepath.Join(out, "notes.txt")); string(b) != "the student's" {
		t.Error("another file of the folder was touched")
	}
	if err := packAll(io.Discard, out, []string{src, filepath.Join(dir, "01-recursion.ipynb")}); err == nil || !strings.Contains(err.Error(), "même nom") {
		t.Errorf("two notebooks of one name: %v", err)
	}

	if testing.Short() {
		t.Skip("grades both notebooks")
	}
	root, _ := filepath.Abs("../../..")
	sdk, err := batch.NewSDK(root)
	if err == nil {
		err = sdk.Prepare(context.Background(), false)
	}
	if err != nil {
		t.Fatal(err)
	}
	work, err := os.MkdirTemp("", "pack-") // t.TempDir's parent is closed to the sandbox's users
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(work) })
	os.Chmod(work, 0o755)
	opt := batch.Options{Work: work, Limits: sandbox.DefaultLimits, Sandbox: sandbox.Probe(), SDK: sdk, Seed: 1}
	opt.Limits.Timeout = 20 * time.Second
	full := batch.Grade(context.Background(), export.Submission{Student: "a", Path: src}, opt)
	small := batch.Grade(context.Background(), export.Submission{Student: "a", Path: packed}, opt)
	if len(full.Problems)+len(small.Problems) > 0 || len(full.Questions) == 0 || len(full.Questions) != len(small.Questions) {
		t.Fatalf("problems %v and %v, %d and %d questions", full.Problems, small.Problems, len(full.Questions), len(small.Questions))
	}
	if full.Points == 0 || full.Points == float64(full.Max) {
		t.Fatalf("the notebook with outputs gets %v of %v: want a partial grade", full.Points, full.Max)
	}
	for i, q := range full.Questions {
		if s := small.Questions[i]; s.ID != q.ID || s.Points != q.Points {
			t.Errorf("%s: %v points with the outputs, %s %v packed", q.ID, q.Points, s.ID, s.Points)
		}
	}
	if full.Points != small.Points {
		t.Errorf("total %v with the outputs, %v packed", full.Points, small.Points)
	}
}
