// Package apitest checks the exchanges of the web app's tests with /api/v1 against the
// OpenAPI document: both test clients (views/viewtest's and the views package's own) call
// Check on every answer.
package apitest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"

	"burraco/tournament/formats"
	"burraco/views/api"
)

// registerFormats registers the formats main registers before the OpenAPI document is
// first built (a stage's settings are one of theirs); a test package may add its own.
var registerFormats sync.Once

// Check fails the test when an /api/v1 exchange (the request with the body sent, the
// answer with the body read) is not what the OpenAPI document says: every API call of
// every test is checked against api.Document().
func Check(t testing.TB, req *http.Request, sent []byte, res *http.Response, body []byte) {
	t.Helper()
	if !strings.HasPrefix(req.URL.Path, api.Prefix+"/") || req.URL.Path == api.Prefix+"/openapi.json" {
		return // not the API, or the document itself (which does not describe itself)
	}
	registerFormats.Do(func() { formats.Register() })
	cp := req.Clone(req.Context())
	cp.Body = io.NopCloser(bytes.NewReader(sent))
	rcp := *res
	rcp.Body = io.NopCloser(bytes.NewReader(body))
	if err := ValidateExchange(api.Document(), cp, &rcp); err != nil {
		t.Errorf("the answer is not what the OpenAPI document says: %v\nbody: %s", err, shorten(body))
	}
	if res.StatusCode == http.StatusUnprocessableEntity {
		record(t, req, sent)
	}
}

// SentBody reads a request's body for Check and leaves the request readable again.
func SentBody(t testing.TB, req *http.Request) []byte {
	t.Helper()
	if req.Body == nil || req.Body == http.NoBody {
		return nil
	}
	b, err := io.ReadAll(req.Body)
	if err != nil {
		t.Fatalf("read the request's body: %v", err)
	}
	req.Body.Close()
	req.Body = io.NopCloser(bytes.NewReader(b))
	return b
}

func shorten(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "…"
	}
	return string(b)
}

// RefusedEnv names a file that, when set, collects every request the app refused with
// 422 in the tests (one JSON Refused a line): testdata/refused.jsonl is made from it.
const RefusedEnv = "BURRACO_REFUSED"

// Refused is a request the app refused with 422.
type Refused struct {
	Test        string `json:"test"`
	Method      string `json:"method"`
	Target      string `json:"target"` // path and query, under /api/v1
	ContentType string `json:"content_type,omitempty"`
	Body        string `json:"body,omitempty"`
}

var recordMu sync.Mutex

func record(t testing.TB, req *http.Request, sent []byte) {
	path := os.Getenv(RefusedEnv)
	if path == "" {
		return
	}
	line, err := json.Marshal(Refused{Test: t.Name(), Method: req.Method, Target: req.URL.RequestURI(),
		ContentType: req.Header.Get("Content-Type"), Body: string(sent)})
	if err != nil {
		t.Fatalf("record a refused request: %v", err)
	}
	recordMu.Lock()
	defer recordMu.Unlock()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatalf("record a refused request: %v", err)
	}
	defer f.Close()
	f.Write(append(line, '\n'))
}
