package main

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/notebook"
	"github.com/prepa-reines/reines/tp/french"
)

// zipName is the archive packAll writes beside the notebooks.
const zipName = "rendu.zip"

// largeNotebook is the size above which a packed notebook is reported:
// course platforms often cap an upload at 1 or 2 MB.
const largeNotebook = 1_000_000

// packAll writes into dir a copy of each notebook of paths with its outputs
// cleared (notebook.ClearOutputs: the code cells are kept byte for byte),
// under the notebook's own name, and dir/rendu.zip holding those copies;
// it reports on w, in French, each size before and after and what to hand
// in. The notebooks and rendu.zip an earlier run left in dir are removed
// first; other files of dir are left alone. Errors: two notebooks of the
// same name, a notebook that is not one, dir not writable.
func packAll(w io.Writer, dir string, paths []string) error {
	if len(paths) == 0 {
		return errors.New("aucun notebook à rendre")
	}
	names := map[string]string{}
	for _, p := range paths {
		name := filepath.Base(p)
		if other, ok := names[name]; ok {
			return fmt.Errorf("%s et %s ont le même nom : rendez-les en deux fois (NB=…)", other, p)
		}
		names[name] = p
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	old, _ := filepath.Glob(filepath.Join(dir, "*.ipynb"))
	for _, p := range append(old, filepath.Join(dir, zipName)) {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	zipPath := filepath.Join(dir, zipName)
	f, err := os.Create(zipPath)
	if err != nil {
		return err
	}
	defer f.Close()
	zw := zip.NewWriter(f)
	fmt.Fprintln(w, grading.Typography("== Rendu : "+dir))
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		cleared, err := notebook.ClearOutputs(data)
		if err != nil {
			return fmt.Errorf("%s : %v", p, err)
		}
		name := filepath.Base(p)
		if err := os.WriteFile(filepath.Join(dir, name), cleared, 0o644); err != nil {
			return err
		}
		zf, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: time.Now()})
		if err != nil {
			return err
		}
		if _, err := zf.Write(cleared); err != nil {
			return err
		}
		note := "sorties effacées"
		if len(cleared) == len(data) {
			note = "sans sorties"
		}
		fmt.Fprintln(w, grading.Typography(fmt.Sprintf("%s : %s → %s (%s)", name, size(len(data)), size(len(cleared)), note)))
		if len(cleared) > largeNotebook {
			fmt.Fprintln(w, grading.Typography(fmt.Sprintf("⚠ %s pèse encore %s sans ses sorties (des images collées dans le texte ?) : la plateforme peut le refuser", name, size(len(cleared)))))
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	info, err := os.Stat(zipPath)
	if err != nil {
		return err
	}
	files := "les fichiers .ipynb"
	if len(paths) == 1 {
		files = "le fichier .ipynb"
	}
	fmt.Fprintln(w, grading.Typography(fmt.Sprintf("%s : %s\nÀ déposer sur la plateforme du cours : %s de %s, ou %s s'il faut un seul fichier. Le notebook enregistré est ce qui compte : s'il a changé depuis, relancez make rendu.",
		zipPath, size(int(info.Size())), files, dir, zipPath)))
	return nil
}

// size writes a number of bytes in French for a student: « 21 ko »,
// « 1,6 Mo » (decimal units, as platforms state their limits).
func size(n int) string {
	if n < 1_000_000 {
		return fmt.Sprintf("%d\u00a0ko", (n+999)/1000)
	}
	return french.Number(float64(n/100_000)/10) + "\u00a0Mo"
}
