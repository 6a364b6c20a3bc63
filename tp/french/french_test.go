package french

import (
	"math"
	"testing"
)

func TestNumber(t *testing.T) {
	const nb = "\u00a0"
	for v, want := range map[float64]string{
		0: "0", 724: "724", 1000: "1" + nb + "000", 2680: "2" + nb + "680", 14772512: "14" + nb + "772" + nb + "512",
		0.25: "0,25", -1234.5: "-1" + nb + "234,5", 1e-7: "0,0000001", math.Inf(1): "+∞", math.Inf(-1): "−∞",
	} {
		if got := Number(v); got != want {
			t.Errorf("Number(%g) = %q; want %q", v, got, want)
		}
	}
	if got := Number(math.NaN()); got != "NaN" {
		t.Errorf("Number(NaN) = %q", got)
	}
	for in, want := range map[string]string{"-1234.5": "-1" + nb + "234,5", "+14200": "+14" + nb + "200", "3.5e+06": "3,5e+06", "  12345.000": "  12" + nb + "345,000", "-": "-"} {
		if got := Decimal(in); got != want {
			t.Errorf("Decimal(%q) = %q; want %q", in, got, want)
		}
	}
}
