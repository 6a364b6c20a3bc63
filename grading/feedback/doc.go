// Package feedback writes what the students and the teacher read of a
// grading run's results (package gradebook): each student's feedback in
// Markdown and HTML and as Gradescope's results.json, the class's
// statistics (report.html, report.md), and the similar answers the
// teacher may look at (similarity.csv). It grades nothing: package batch
// grades the notebooks and calls it.
package feedback
