package batch

import (
	"bytes"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"golang.org/x/sys/unix"
)

// A student who swaps a folder of their home for a link, over and over
// (renameat2's exchange: a link to another student's folder, or to the
// teacher's), never has it read: homeNotebooks looks at each folder on the
// way, and the notebook is read within the home, wherever it stands when
// the link takes the folder's place.
func TestHomeSwappedForALink(t *testing.T) {
	dir := t.TempDir()
	nb := filepath.Join("reines", "notebooks", "01-recursion.ipynb")
	classFile(t, dir, "alice", nb, "", []byte(`{"alice": 1}`))
	outside := filepath.Join(t.TempDir(), "teacher")
	classFile(t, outside, "", nb, "", []byte(`{"correction": 1}`))
	folder, link := filepath.Join(dir, "alice", "reines"), filepath.Join(dir, "alice", "reines-link")
	if err := os.Symlink(filepath.Join(outside, "reines"), link); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			if err := unix.Renameat2(unix.AT_FDCWD, folder, unix.AT_FDCWD, link, unix.RENAME_EXCHANGE); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	var c *Cache
	read := 0
	for range 2000 {
		subs, err := homeNotebooks(dir, filepath.Join("reines", "notebooks"), "01")
		if err != nil {
			t.Fatal(err)
		}
		if len(subs) != 1 || subs[0].Refused != "" || subs[0].Path == "" {
			continue
		}
		_, data, err := c.key(subs[0])
		if err != nil {
			continue
		}
		read++
		if bytes.Contains(data, []byte("correction")) {
			t.Errorf("alice's notebook read through her link: %s", data)
			break
		}
	}
	close(stop)
	wg.Wait()
	if read == 0 {
		t.Error("alice's own notebook was never read")
	}
}
