package nb05_test

// The hidden cases, set by the package hidden (which imports nb05 and so
// cannot be imported by nb05's own tests), for the tests that check them:
// linked into the test binary, its init sets them before any test runs.
import _ "github.com/prepa-reines/reines/grading/nb05/hidden"
