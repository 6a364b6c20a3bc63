package gradebook

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/prepa-reines/reines/grading/export"
)

// LatePolicy is how late submissions lose points: PerDay of the total per
// day started after the deadline (and the roster's extension), at most Cap.
type LatePolicy struct {
	Deadline time.Time
	PerDay   float64 // a fraction: 0.1 for 10 %/day
	Cap      float64 // a fraction, at most 1
}

// ParseDeadline reads "2026-12-15 23:59" (in loc) or RFC 3339.
func ParseDeadline(s string, loc *time.Location) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	for _, layout := range []string{"2006-01-02 15:04", "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			if layout == "2006-01-02" {
				t = t.Add(24*time.Hour - time.Minute) // the end of that day
			}
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("deadline %q: want 2026-12-15 23:59 or RFC 3339", s)
}

// ParsePercent reads a share of the total: "10%", "10%/day", "0.1",
// "10 %" (the "/day" is a reminder of the unit). The result is in [0, 1].
func ParsePercent(s string) (float64, error) {
	v := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "/day"))
	percent := strings.HasSuffix(v, "%")
	v = strings.TrimSpace(strings.TrimSuffix(v, "%"))
	f, err := strconv.ParseFloat(strings.ReplaceAll(v, ",", "."), 64)
	if percent {
		f /= 100
	}
	if err != nil || math.IsNaN(f) || f < 0 || f > 1 {
		return 0, fmt.Errorf("%q: want a share from 0 to 100 %% (10%%, 10%%/day, 0.1)", s)
	}
	return f, nil
}

// Late applies the policy to the results: each one's submission time (the
// export's, else its file's modification time, which the result then says
// is a fallback), its days late (every day started counts) beyond the
// deadline plus the roster's extension, and its penalty, which Finish
// takes off the total. The results of "non rendu" rows are left alone.
func (p *LatePolicy) Late(results []Result, subs []export.Submission, roster *Roster) {
	if p == nil {
		return
	}
	at := map[string]time.Time{}
	for _, s := range subs {
		at[s.Path] = s.SubmittedAt
	}
	for i := range results {
		r := &results[i]
		if r.File == "" {
			continue
		}
		t, ok := at[r.File]
		if !ok || t.IsZero() {
			if fi, err := os.Stat(r.File); err == nil {
				t = fi.ModTime()
				r.Problems = append(r.Problems, "heure de rendu inconnue de l'export : celle du fichier est prise")
			}
		}
		r.SubmittedAt = t
		deadline := p.Deadline
		if s, ok := roster.Lookup(r.Student); ok && s.Extension > 0 {
			deadline = deadline.Add(time.Duration(s.Extension * 24 * float64(time.Hour)))
		}
		if late := t.Sub(deadline); !t.IsZero() && late > 0 {
			r.LateDays = int(math.Ceil(late.Hours() / 24))
			r.Penalty = math.Min(float64(r.LateDays)*p.PerDay, p.Cap)
		}
		*r = r.Finish(r.TP)
	}
}
