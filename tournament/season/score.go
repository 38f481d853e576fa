package season

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
)

// Score is an exact season value (a rational number), so that shared places share
// points exactly and totals are the exact sums: 13+11 shared by two is 12, 16+13+11
// shared by three is 40/3. Its zero value is 0; it is immutable.
type Score struct{ r *big.Rat }

// Int returns a whole Score.
func Int(n int64) Score { return Score{new(big.Rat).SetInt64(n)} }

// Frac returns the Score n/d (d must not be 0).
func Frac(n, d int64) Score { return Score{new(big.Rat).SetFrac64(n, d)} }

func (s Score) rat() *big.Rat {
	if s.r == nil {
		return new(big.Rat)
	}
	return s.r
}

// Add returns s+o.
func (s Score) Add(o Score) Score { return Score{new(big.Rat).Add(s.rat(), o.rat())} }

// Mul returns s×o.
func (s Score) Mul(o Score) Score { return Score{new(big.Rat).Mul(s.rat(), o.rat())} }

// Quo returns s/o, or 0 when o is 0.
func (s Score) Quo(o Score) Score {
	if o.rat().Sign() == 0 {
		return Score{}
	}
	return Score{new(big.Rat).Quo(s.rat(), o.rat())}
}

// Cmp compares s and o: -1, 0 or 1.
func (s Score) Cmp(o Score) int { return s.rat().Cmp(o.rat()) }

// Sign is -1, 0 or 1.
func (s Score) Sign() int { return s.rat().Sign() }

// Exact writes the value as a fraction in lowest terms ("40/3", "12").
func (s Score) Exact() string { return s.rat().RatString() }

// String writes the value rounded to two decimals without trailing zeros ("13.33",
// "12.5", "12"), with a decimal point.
func (s Score) String() string {
	t := s.rat().FloatString(2)
	if strings.Contains(t, ".") {
		t = strings.TrimRight(strings.TrimRight(t, "0"), ".")
	}
	if t == "-0" {
		t = "0"
	}
	return t
}

// Decimal writes the value as String does, with sep as the decimal separator (',' in
// Italian).
func (s Score) Decimal(sep string) string { return strings.Replace(s.String(), ".", sep, 1) }

// Float is the value as a float64, for display only.
func (s Score) Float() float64 { f, _ := s.rat().Float64(); return f }

// MarshalJSON writes the exact value as a string ("40/3").
func (s Score) MarshalJSON() ([]byte, error) { return json.Marshal(s.Exact()) }

// UnmarshalJSON reads a value written as a fraction or a decimal, as a string or a number.
func (s *Score) UnmarshalJSON(b []byte) error {
	t := strings.Trim(string(b), `"`)
	r, ok := new(big.Rat).SetString(t)
	if !ok {
		return fmt.Errorf("season score %s: not a number", b)
	}
	s.r = r
	return nil
}
