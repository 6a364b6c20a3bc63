package export

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// DetectLayout returns the layout of the folder dir: Gradescope's when it
// holds submission_metadata.yml, nbgrader's when it holds submitted/ or
// inbound/; otherwise the platform whose names its entries bear (Moodle's
// folders and files, Canvas's files, nbgrader's inbound folders). Only
// the entries that may hold a notebook (folders, notebooks, archives)
// have a say, unless there are none. One platform must name all of them,
// or at least three out of four (and two or more: the others are then
// listed, refused, by that layout's reading); when no entry bears a
// platform's name, the layout is LayoutFolders. Otherwise a single entry
// named by chance like a platform's (a student's "a_1_2_x.ipynb", a
// name with two "+") would decide for the whole class: the error asks
// for -layout instead.
func DetectLayout(dir string) (string, error) {
	if _, err := os.Stat(filepath.Join(dir, "submission_metadata.yml")); err == nil {
		return LayoutGradescope, nil
	}
	if nbgraderRoot(dir) != "" {
		return LayoutNbgrader, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", fmt.Errorf("%s: cannot read the export's folder", filepath.Base(dir))
	}
	count := map[string]int{}
	bearing, all := 0, 0
	canvasNames := map[string]string{} // Canvas user id → the name it bears
	notCanvas := false                 // one id bears two names: Canvas writes one
	for _, e := range entries {
		n := e.Name()
		if Skipped(n) || metadata(n) {
			continue
		}
		if e.IsDir() {
			// An nbgrader exchange of several courses: each course
			// taken as a student would merge its class.
			if in := nbgraderRoot(filepath.Join(dir, n)); in != "" {
				return "", fmt.Errorf("%s holds nbgrader's %s/: give that folder, not the one above it, or give -layout", n, in)
			}
		}
		kind, _ := archive(n)
		holds := e.IsDir() || IsNotebook(n) || kind != ""
		all++
		if holds {
			bearing++
		}
		p := platformOf(n, e.IsDir())
		if user, name := canvasWho(n); p == LayoutCanvas && user != "" {
			if prev, seen := canvasNames[user]; seen && prev != name {
				notCanvas = true
			}
			canvasNames[user] = name
		}
		if p != "" {
			count[p+"/all"]++
			if holds {
				count[p+"/holds"]++
			}
		}
	}
	if notCanvas {
		// "dupont_15_12_2026.ipynb", "martin_15_12_2026.ipynb": dates
		// read as ids would merge the students; not Canvas's export.
		delete(count, LayoutCanvas+"/all")
		delete(count, LayoutCanvas+"/holds")
	}
	total, key := bearing, "/holds"
	if bearing == 0 {
		total, key = all, "/all"
	}
	var named []string
	for _, p := range []string{LayoutMoodle, LayoutCanvas, LayoutNbgrader} {
		m := count[p+key]
		switch {
		case m == 0:
			continue
		case m == total || (m >= 2 && 4*m >= 3*total):
			return p, nil
		}
		named = append(named, fmt.Sprintf("%d for %s", m, p))
	}
	if len(named) == 0 {
		return LayoutFolders, nil
	}
	return "", fmt.Errorf("cannot tell the export's layout: of its %d entries, %s, the others for none; give it with -layout (%s)",
		total, strings.Join(named, ", "), strings.Join(Layouts, ", "))
}

// platformOf returns the platform whose export names an entry so (a
// folder if dir), "" if none does. Moodle's names, the most particular
// ("_<digits>_assignsubmission_"), come first: they may hold "+".
func platformOf(name string, dir bool) string {
	switch {
	case dir && (moodleFolder.MatchString(name) || moodleOther.MatchString(name)), !dir && moodleAny.MatchString(name):
		return LayoutMoodle
	case !dir && (len(canvasReadings(name)) > 0 || canvasText.MatchString(name)):
		return LayoutCanvas
	case dir && nbgraderInbound(name):
		return LayoutNbgrader
	}
	return ""
}

// canvasWho returns the user id and name a Canvas file name gives, ""
// if none or if it reads more than one way (see canvasReadings).
func canvasWho(name string) (user, who string) {
	if rs := canvasReadings(name); len(rs) > 0 {
		if len(rs) > 1 {
			return "", ""
		}
		return rs[0].user, rs[0].name
	}
	if m := canvasText.FindStringSubmatch(name); m != nil {
		return m[2], m[1]
	}
	return "", ""
}

// nbgraderInbound reports whether name is an nbgrader inbound folder's:
// "<student>+<assignment>+<timestamp>[+random]", the timestamp as
// nbgrader writes it ("2026-03-12 16:42:10.381920 UTC"). A group's
// folder named "Dupont+Martin+Leroy" is not one.
func nbgraderInbound(name string) bool {
	m := nbgraderIn.FindStringSubmatch(name)
	if m == nil {
		return false
	}
	_, err := time.Parse(nbgraderStamp, m[3])
	return err == nil
}

// nbgraderRoot returns "inbound" or "submitted" when dir holds that
// folder of nbgrader's (an exchange's course folder, or a course), ""
// otherwise.
func nbgraderRoot(dir string) string {
	for _, n := range []string{"submitted", "inbound"} {
		if fi, err := os.Stat(filepath.Join(dir, n)); err == nil && fi.IsDir() {
			return n
		}
	}
	return ""
}
