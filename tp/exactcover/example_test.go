package exactcover_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/prepa-reines/reines/tp/exactcover"
)

// The first example of TAOCP 7.2.2.1, read in dlx1's text format.
func ExampleParse() {
	p, err := exactcover.Parse(strings.NewReader(`| the first example of TAOCP 7.2.2.1
a b c d e f g
c e
a d g
b c f
a d f
b g
d e g
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	for sol := range p.Solutions() {
		for _, k := range sol {
			fmt.Printf("option %d: %s\n", k, strings.Join(p.Option(k), " "))
		}
	}
	// Output:
	// option 3: a d f
	// option 4: b g
	// option 0: c e
}

func ExampleParse_error() {
	_, err := exactcover.Parse(strings.NewReader("a b c\na b\nb z\n"))
	fmt.Println(err)
	// Output:
	// exactcover: line 3: unknown item "z"
}

// Algorithm X on the explicit matrix, as the sujet first writes it.
func ExampleAlgorithmX() {
	m := exactcover.Matrix{
		{1, 1, 0},
		{1, 0, 0},
		{0, 1, 1},
		{0, 0, 1},
	}
	fmt.Println(exactcover.AlgorithmX(m))
	// Output:
	// [[0 3] [1 2]]
}

// Building a problem with a secondary item: the secondary item s may be
// left uncovered, but never covered twice.
func ExampleNew() {
	p, _ := exactcover.New([]string{"a", "b"}, []string{"s"})
	p.AddOption("a", "s")
	p.AddOption("b", "s")
	p.AddOption("a")
	p.AddOption("b")
	stats, _ := p.Solve(context.Background(), func(options []int) bool {
		fmt.Println(options)
		return true
	})
	fmt.Printf("%d solutions, %d nodes, %d updates\n", stats.Solutions, stats.Nodes, stats.Updates)
	p.Format(os.Stdout)
	// Output:
	// [0 3]
	// [2 1]
	// [2 3]
	// 3 solutions, 6 nodes, 8 updates
	// a b | s
	// a s
	// b s
	// a
	// b
}

// Cover then Uncover restores every link: the check the grader makes.
func ExampleProblem_CheckLinks() {
	p, _ := exactcover.New([]string{"a", "b", "c"}, nil)
	p.AddOption("a", "b")
	p.AddOption("b", "c")
	p.AddOption("c")
	snap := p.Snapshot()
	p.Cover(2)
	fmt.Println(p.Verify(), p.Len[1], p.Len[3])
	p.Uncover(2)
	fmt.Println(p.CheckLinks(snap))
	p.Len[1] = 5
	fmt.Println(p.CheckLinks(snap))
	// Output:
	// <nil> 0 1
	// <nil>
	// exactcover: corrupt links: LEN(1) = 5, snapshot has 1
}

// Repeated cover: the fewest options covering each item at least once.
func ExampleProblem_MinCover() {
	p, _ := exactcover.New([]string{"1", "2", "3", "4", "5"}, nil)
	p.AddOption("1", "2", "3")
	p.AddOption("2", "4")
	p.AddOption("3", "4", "5")
	p.AddOption("1", "5")
	res, _ := p.MinCover(context.Background(), true)
	fmt.Println(res.Size, res.Options, res.Count)
	// Output:
	// 2 [0 2] 1
}
