package batch

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// SeedFileHelp names the teacher's seed file, outside both editions.
const SeedFileHelp = "$XDG_CONFIG_HOME/reines/seed (~/.config/reines/seed)"

// HiddenSeed returns the seed of the hidden cases: flag if set, else the
// one in the teacher's seed file, written with a random seed on first
// use; and where it comes from, for the log.
func HiddenSeed(flagValue string) (uint64, string, error) {
	if flagValue != "" {
		s, err := strconv.ParseUint(flagValue, 10, 64)
		if err != nil {
			return 0, "", fmt.Errorf("-seed %q: want a number from 0 to %d", flagValue, uint64(math.MaxUint64))
		}
		return s, "given by -seed", nil
	}
	dir, err := os.UserConfigDir()
	if err != nil {
		return 0, "", fmt.Errorf("no seed given and no configuration folder for the seed file: %w (use -seed)", err)
	}
	path := filepath.Join(dir, "reines", "seed")
	if data, err := os.ReadFile(path); err == nil {
		s, err := strconv.ParseUint(strings.TrimSpace(string(data)), 10, 64)
		if err != nil {
			return 0, "", fmt.Errorf("%s does not hold a seed (a number): fix or remove it", path)
		}
		return s, "from " + path, nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return 0, "", err
	}
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 0, "", err
	}
	s := binary.LittleEndian.Uint64(b[:])
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return 0, "", err
	}
	if err := os.WriteFile(path, []byte(strconv.FormatUint(s, 10)+"\n"), 0o600); err != nil {
		return 0, "", err
	}
	return s, "from " + path + " (created now: keep it to grade the same way again)", nil
}
