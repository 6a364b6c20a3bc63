package reserved

import (
	"sync"
	"testing"
)

func TestCount(t *testing.T) {
	n0, _ := Count()
	var wg sync.WaitGroup
	for range 10 {
		wg.Add(1)
		go func() { defer wg.Done(); Call("queens.Solutions") }()
	}
	wg.Wait()
	Call("queens.Count")
	if n, name := Count(); n != n0+11 || name != "queens.Count" {
		t.Errorf("Count() = %d, %q; want %d, queens.Count", n, name, n0+11)
	}
}

func TestOnCall(t *testing.T) {
	got := make(chan string, 1)
	OnCall(func(name string) { got <- name })
	go Call("domination.Update")
	if name := <-got; name != "domination.Update" {
		t.Errorf("hook called with %q; want domination.Update", name)
	}
	OnCall(nil)
	Call("queens.Count") // no hook: must not block on got
	if len(got) != 0 {
		t.Error("hook called after OnCall(nil)")
	}
}
