package api

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	verrors "github.com/pb33f/libopenapi-validator/errors"
)

// Checker validates documents and real exchanges against an OpenAPI document, with
// pb33f/libopenapi-validator. It is safe for concurrent use.
type Checker struct {
	mu  sync.Mutex
	doc libopenapi.Document
	v   validator.Validator
}

// NewChecker reads an OpenAPI document (JSON or YAML).
func NewChecker(spec []byte) (*Checker, error) {
	doc, err := libopenapi.NewDocument(spec)
	if err != nil {
		return nil, fmt.Errorf("read the OpenAPI document: %w", err)
	}
	v, errs := validator.NewValidator(doc)
	if len(errs) > 0 {
		return nil, fmt.Errorf("build the OpenAPI model: %w", errors.Join(errs...))
	}
	return &Checker{doc: doc, v: v}, nil
}

// ValidateDocument checks the document against the OpenAPI specification's schema.
func (c *Checker) ValidateDocument() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if ok, errs := c.v.ValidateDocument(); !ok {
		return joinErrors("the document is not valid OpenAPI", errs)
	}
	return nil
}

// ValidateExchange checks a real exchange against the document: the request (its
// parameters and body, which must still be readable: give a copy of what was sent)
// unless the answer refused it (4xx: a request sent wrong on purpose may be anything),
// and the answer's status, content type and body. An httptest.ResponseRecorder gives
// its answer with Result().
func (c *Checker) ValidateExchange(req *http.Request, res *http.Response) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	var errs []*verrors.ValidationError
	if res.StatusCode < 400 || res.StatusCode >= 500 {
		if ok, e := c.v.ValidateHttpRequest(req); !ok {
			errs = append(errs, e...)
		}
	}
	if ok, e := c.v.ValidateHttpResponse(req, res); !ok {
		errs = append(errs, e...)
	}
	if len(errs) > 0 {
		return joinErrors(fmt.Sprintf("%s %s → %d", req.Method, req.URL.RequestURI(), res.StatusCode), errs)
	}
	return nil
}

// ValidateExchange checks a real exchange against an OpenAPI document: see
// Checker.ValidateExchange. Build a Checker once to check many.
func ValidateExchange(spec []byte, req *http.Request, res *http.Response) error {
	c, err := NewChecker(spec)
	if err != nil {
		return err
	}
	return c.ValidateExchange(req, res)
}

// joinErrors spells out the validator's errors, with the schema's reasons.
func joinErrors(what string, errs []*verrors.ValidationError) error {
	var b strings.Builder
	b.WriteString(what)
	for _, e := range errs {
		fmt.Fprintf(&b, "\n- %s", e.Message)
		if e.Reason != "" && e.Reason != e.Message {
			fmt.Fprintf(&b, ": %s", e.Reason)
		}
		for _, se := range e.SchemaValidationErrors {
			fmt.Fprintf(&b, "\n    %s: %s", se.FieldPath, se.Reason)
		}
	}
	return errors.New(b.String())
}
