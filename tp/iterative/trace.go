package iterative

import "github.com/prepa-reines/reines/tp/queens"

// EventKind names what the loop of [Solve] just did; see [Trace].
type EventKind int

const (
	EventTry       EventKind = iota + 1 // the loop is about to test the current square (Row, Col)
	EventPlace                          // a queen went on (Row, Col); the state is on the next row
	EventSolution                       // rows 1..n are full; the new solution ends State.Solutions
	EventBacktrack                      // the search went back to (Row, Col), the next square to try; (0, 0) at the end
)

// String returns "try", "place", "solution" or "backtrack".
func (k EventKind) String() string {
	switch k {
	case EventTry:
		return "try"
	case EventPlace:
		return "place"
	case EventSolution:
		return "solution"
	case EventBacktrack:
		return "backtrack"
	}
	return "unknown"
}

// Event is one step of the replay of [Trace]. Row and Col are 1-based, as
// in [State]; they are 0 for [EventSolution].
type Event struct {
	Kind     EventKind
	Row, Col int
}

// Trace replays the loop of [Solve] on an n×n board and calls visit after
// each step, with the live state and the event; visit returns false to stop
// the replay early. The state belongs to Trace: visit must not modify it,
// and must [State.Clone] it to keep a snapshot. The events of one pass of
// the loop come in this order: EventTry, then EventPlace or (at a dead end)
// EventBacktrack; after the queen of row n, EventSolution then
// EventBacktrack. Moving one square right has no event of its own: the
// next EventTry shows it.
//
// Trace returns the number of squares tried (State.Steps) when the replay
// ended: 60 for n = 4 run to the end. Meant for small boards: n = 8 tries
// 15,720 squares. Panics if visit is nil.
//
// Errors: those of [New].
func Trace(n int, visit func(s *State, e Event) bool) (int, error) {
	s, err := New(n)
	if err != nil {
		return 0, err
	}
	for !AtStart(s) {
		if !CanContinue(s, n) {
			AddSolution(s, n)
			if !visit(s, Event{Kind: EventSolution}) {
				return s.Steps, nil
			}
			Backtrack(s, n)
			if !visit(s, Event{EventBacktrack, s.I, s.J}) {
				return s.Steps, nil
			}
			continue
		}
		s.Steps++
		if !visit(s, Event{EventTry, s.I, s.J}) {
			return s.Steps, nil
		}
		switch {
		case IsSafe(s):
			row, col := s.I, s.J
			NextRow(s)
			if !visit(s, Event{EventPlace, row, col}) {
				return s.Steps, nil
			}
		case HasAlternative(s, n):
			NextSquare(s)
		default:
			Backtrack(s, n)
			if !visit(s, Event{EventBacktrack, s.I, s.J}) {
				return s.Steps, nil
			}
		}
	}
	return s.Steps, nil
}

// Clone returns a deep copy of s: its own C and Solutions slices (the
// placements themselves are shared; nothing modifies them). Cost O(n + the
// number of solutions).
func (s *State) Clone() *State {
	c := *s
	c.C = append([]int(nil), s.C...)
	c.Solutions = append([]queens.Placement(nil), s.Solutions...)
	return &c
}
