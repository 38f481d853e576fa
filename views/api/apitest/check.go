package apitest

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"burraco/views/api/dto"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	verrors "github.com/pb33f/libopenapi-validator/errors"
	"github.com/pb33f/libopenapi-validator/helpers"
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
	var sent []byte
	if req.Body != nil {
		var err error
		if sent, err = io.ReadAll(req.Body); err != nil {
			return fmt.Errorf("read the request's body: %w", err)
		}
	}
	req.Body = io.NopCloser(bytes.NewReader(sent))
	_, reqErrs := c.v.ValidateHttpRequest(req)
	req.Body = io.NopCloser(bytes.NewReader(sent))
	if unknownPath(reqErrs) {
		// An address no route serves: its only answer is echo's not found, in the
		// error shape.
		return notFound(req, res)
	}
	var errs []*verrors.ValidationError
	if res.StatusCode < 400 || res.StatusCode >= 500 {
		errs = append(errs, reqErrs...)
	}
	if ok, e := c.v.ValidateHttpResponse(req, res); !ok {
		errs = append(errs, e...)
	}
	if len(errs) > 0 {
		return joinErrors(fmt.Sprintf("%s %s → %d", req.Method, req.URL.RequestURI(), res.StatusCode), errs)
	}
	return nil
}

// ValidateRequest checks a request alone against the document: its parameters and body
// (which stay readable).
func (c *Checker) ValidateRequest(req *http.Request) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	var sent []byte
	if req.Body != nil {
		var err error
		if sent, err = io.ReadAll(req.Body); err != nil {
			return fmt.Errorf("read the request's body: %w", err)
		}
	}
	req.Body = io.NopCloser(bytes.NewReader(sent))
	_, errs := c.v.ValidateHttpRequest(req)
	req.Body = io.NopCloser(bytes.NewReader(sent))
	if len(errs) > 0 {
		return joinErrors(fmt.Sprintf("%s %s", req.Method, req.URL.RequestURI()), errs)
	}
	return nil
}

// unknownPath reports whether the validator found no operation for the request.
func unknownPath(errs []*verrors.ValidationError) bool {
	for _, e := range errs {
		if e.ValidationType == helpers.PathValidation &&
			(e.ValidationSubType == helpers.ValidationMissing || e.ValidationSubType == helpers.ValidationMissingOperation) {
			return true
		}
	}
	return false
}

// notFound checks the answer to an address the document does not describe: a refusal
// (not found, or without a token unauthorized) in the error shape, or it is an error
// naming the address.
func notFound(req *http.Request, res *http.Response) error {
	what := fmt.Sprintf("%s %s → %d", req.Method, req.URL.RequestURI(), res.StatusCode)
	if res.StatusCode < 400 || res.StatusCode >= 500 {
		return fmt.Errorf("%s: the document has no such operation", what)
	}
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return fmt.Errorf("%s: read the answer: %w", what, err)
	}
	res.Body = io.NopCloser(bytes.NewReader(b))
	var e dto.Error
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil || e.Error.Code == "" || e.Error.Message == "" {
		return fmt.Errorf("%s: the answer is not in the error shape: %s", what, b)
	}
	return nil
}

// checkers are the Checkers ValidateExchange built, by their document's hash: building
// one compiles every schema.
var (
	checkersMu sync.Mutex
	checkers   = map[[sha256.Size]byte]*Checker{}
)

// ValidateExchange checks a real exchange against an OpenAPI document (see
// Checker.ValidateExchange), with one Checker per document, built on first use.
func ValidateExchange(spec []byte, req *http.Request, res *http.Response) error {
	key := sha256.Sum256(spec)
	checkersMu.Lock()
	c, ok := checkers[key]
	if !ok {
		var err error
		if c, err = NewChecker(spec); err != nil {
			checkersMu.Unlock()
			return err
		}
		checkers[key] = c
	}
	checkersMu.Unlock()
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
