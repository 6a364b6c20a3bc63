package batch

import (
	"bytes"
	"encoding/json"
	"hash/fnv"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/nb05"
	"github.com/prepa-reines/reines/grading/workbook"
)

// The old scheme of the hidden cases' randomness (before round 3): a PCG
// seeded with the teacher's seed and a hash of the question. Its outputs
// invert in closed form: one revealed value gives the seed.
func oldHiddenRand(id string, seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, fnvOf(id)))
}

func fnvOf(id string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(id))
	return h.Sum64()
}

// pcgStep is one step of math/rand/v2's PCG: its 128-bit state times its
// multiplier plus its increment (the constants of Go's pcg.go).
func pcgStep(hi, lo uint64) (uint64, uint64) {
	const mulHi, mulLo, incHi, incLo = 2549297995355413924, 4865540595714422341, 6364136223846793005, 1442695040888963407
	h, l := bits.Mul64(lo, mulLo)
	h += hi*mulLo + lo*mulHi
	l, c := bits.Add64(l, incLo, 0)
	h, _ = bits.Add64(h, incHi, c)
	return h, l
}

// inverse is the inverse of odd a modulo 2⁶⁴ (Newton's iteration).
func inverse(a uint64) uint64 {
	x := a
	for range 6 {
		x *= 2 - a*x
	}
	return x
}

// invertPCG returns the seed that makes v the k-th output (from 1) of the
// old scheme's stream of question id: the state's high word after k steps
// is the seed's times mulLoᵏ plus what a seed 0 gives (the seed enters the
// state's high word only), and the output (DXSM) inverts given the low
// word, which the seed does not change.
func invertPCG(v uint64, id string, k int) uint64 {
	const mulLo, cheapMul = 4865540595714422341, 0xda942042e4dd58b5
	hi0, lo := uint64(0), fnvOf(id)
	m := uint64(1)
	for range k {
		hi0, lo = pcgStep(hi0, lo)
		m *= mulLo
	}
	h := v * inverse(lo|1)
	h ^= h >> 48
	h *= inverse(cheapMul)
	h ^= h >> 32
	return (h - hi0) * inverse(m)
}

// numbers returns every integer in the JSON values, as uint64 (the bits
// of a negative one).
func numbers(values []json.RawMessage) []uint64 {
	var out []uint64
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case json.Number:
			if u, err := v.Int64(); err == nil {
				out = append(out, uint64(u))
			} else if f, err := v.Float64(); err == nil && f >= 0 && f < 1<<64 {
				out = append(out, uint64(f))
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		case map[string]any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	for _, raw := range values {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		var v any
		if dec.Decode(&v) == nil {
			walk(v)
		}
	}
	return out
}

// The teacher's seed cannot be recovered from what a student sees of the
// hidden cases: their inputs, whole, as the child reads them on its
// standard input (the feedback with -reveal and Gradescope's results.json
// show less: a description of them). Under the old scheme, the first
// hidden case of 05/Q18 (« graine N ») gave the seed by inverting the
// generator; under the new one, no number of any hidden case of any
// question gives it, taken as any of the first 64 outputs of the old
// generator.
func TestHiddenSeedOneWay(t *testing.T) {
	const seed = 0x5eed_c0ffee_1234
	// The attack, on the old scheme.
	old := nb05.Q18.Hidden(oldHiddenRand("05/Q18", seed))
	if got := invertPCG(old[0].Seed, "05/Q18", 1); got != seed {
		t.Fatalf("the old scheme's inversion gives %d, not the seed %d: the test tries nothing", got, seed)
	}
	// The same attack on every hidden case of every question now.
	tried := 0
	for _, nb := range workbook.Notebooks {
		for _, q := range grading.Questions(nb.ID) {
			ins, public, err := grading.Inputs(q.ID, true, seed)
			if err != nil {
				continue // a written answer
			}
			for _, v := range numbers(ins[public:]) {
				for k := 1; k <= 64; k++ {
					tried++
					if guess := invertPCG(v, q.ID, k); guess == seed {
						t.Fatalf("%s: the hidden value %d gives the seed", q.ID, v)
					}
				}
			}
		}
	}
	if tried < 64*20 {
		t.Errorf("only %d tries: the hidden cases hold fewer numbers than expected", tried/64)
	}
	// And the stream of a question says nothing of another's.
	if grading.HiddenRand("05/Q17", seed).Uint64() == grading.HiddenRand("05/Q19", seed).Uint64() {
		t.Error("two questions share their stream")
	}
}
