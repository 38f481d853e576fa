package ranking

import (
	"context"
	"net/url"
	"strconv"
	"strings"

	"burraco/views/api/dto"
	"burraco/views/page"
)

// query is the ranking's filters as a query, with the page when not the first.
func query(r *dto.Ranking, n int) url.Values {
	q := url.Values{}
	if r.Region != "" {
		q.Set("region", r.Region)
	}
	if r.Club != 0 {
		q.Set("club", strconv.FormatInt(r.Club, 10))
	}
	if r.Category != "" {
		q.Set("category", r.Category)
	}
	if n > 1 {
		q.Set("page", strconv.Itoa(n))
	}
	return q
}

// pageURL is page n of the ranking under the same filters.
func pageURL(r *dto.Ranking, n int) string {
	if q := query(r, n).Encode(); q != "" {
		return "/p/ranking?" + q
	}
	return "/p/ranking"
}

// csvURL is the CSV of the ranking under the same filters.
func csvURL(r *dto.Ranking) string {
	if q := query(r, 1).Encode(); q != "" {
		return "/p/ranking.csv?" + q
	}
	return "/p/ranking.csv"
}

// decimal writes points ("322.5") with the page's decimal mark (a comma in Italian).
func decimal(ctx context.Context, p string) string {
	if page.Of(ctx).Lang == page.EN {
		return p
	}
	return strings.Replace(p, ".", ",", 1)
}

// profileURL is the public profile of a ranked player (their national record).
func profileURL(id int64) string { return page.IDPath("/p/players/", id, "") }
