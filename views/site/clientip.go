package site

import (
	"fmt"
	"net"
	"strings"

	"github.com/labstack/echo/v4"
)

// ParseTrustedProxies reads a comma-separated list of IP addresses and CIDR ranges.
func ParseTrustedProxies(list string) ([]*net.IPNet, error) {
	var nets []*net.IPNet
	for _, p := range strings.Split(list, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		if !strings.Contains(p, "/") {
			ip := net.ParseIP(p)
			if ip == nil {
				return nil, fmt.Errorf("trusted proxy %q: not an IP address or CIDR range", p)
			}
			bits := 128
			if ip4 := ip.To4(); ip4 != nil {
				ip, bits = ip4, 32
			}
			nets = append(nets, &net.IPNet{IP: ip, Mask: net.CIDRMask(bits, bits)})
			continue
		}
		_, n, err := net.ParseCIDR(p)
		if err != nil {
			return nil, fmt.Errorf("trusted proxy %q: not an IP address or CIDR range", p)
		}
		nets = append(nets, n)
	}
	return nets, nil
}

// IPExtractor returns how the client address is found: from the connection, or from
// X-Forwarded-For when the connection comes from a trusted proxy. Loopback, link-local
// and private networks are not trusted unless listed.
func (cf *Config) IPExtractor() echo.IPExtractor {
	if len(cf.TrustedProxies) == 0 {
		return echo.ExtractIPDirect()
	}
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, n := range cf.TrustedProxies {
		opts = append(opts, echo.TrustIPRange(n))
	}
	return echo.ExtractIPFromXFFHeader(opts...)
}
