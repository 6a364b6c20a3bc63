// Package gradebook holds what a grading run gives and what the teacher
// adds to it: each notebook's Result (its questions' points, cases and
// notes), the teacher's marks of written answers (manual.csv), the class
// roster, the late policy, the shards of a class graded in parts, and the
// gradebooks written from them (grades.csv, manual.csv, the Moodle and
// Canvas imports). Package batch grades the notebooks; package feedback
// writes what the students and the teacher read of the results.
package gradebook
