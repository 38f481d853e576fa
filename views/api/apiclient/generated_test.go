package apiclient_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/api/apiclient/oapi"
)

// opaque are the request members the document leaves untyped on purpose: a logged
// change's undo record in a whole-tournament document (its shape is the change's own).
var opaque = map[string]bool{"LoggedEventInput.Undo": true}

// Every operation of the served document has its method in the generated client, and
// no request body has an untyped member (interface{}, json.RawMessage or a map of them)
// but the opaque ones.
func TestGeneratedClientIsComplete(t *testing.T) {
	var doc struct {
		Paths map[string]map[string]struct {
			OperationID string `json:"operationId"`
		}
	}
	b, err := os.ReadFile("openapi.json")
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &doc))
	client := reflect.TypeFor[*oapi.ClientWithResponses]()
	ops := 0
	for p, item := range doc.Paths {
		for m, o := range item {
			ops++
			name := strings.ToUpper(o.OperationID[:1]) + o.OperationID[1:]
			_, ok := client.MethodByName(name + "WithResponse")
			_, raw := client.MethodByName(name + "WithBodyWithResponse") // a CSV body
			assert.True(t, ok || raw, "%s %s: no %s", m, p, name)
		}
	}
	assert.Greater(t, ops, 90)

	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "oapi/client.gen.go", nil, 0)
	require.NoError(t, err)
	types := map[string]ast.Expr{}
	var bodies []string
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.TYPE {
			continue
		}
		for _, s := range g.Specs {
			ts := s.(*ast.TypeSpec)
			types[ts.Name.Name] = ts.Type
			if strings.HasSuffix(ts.Name.Name, "JSONRequestBody") {
				bodies = append(bodies, ts.Name.Name)
			}
		}
	}
	require.NotEmpty(t, bodies)
	// A oneOf is a struct with its union unexported, read through As<Variant>: walk
	// every variant too.
	variants := map[string][]string{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv == nil || !strings.HasPrefix(fd.Name.Name, "As") || fd.Type.Results == nil {
			continue
		}
		recv, ok := fd.Recv.List[0].Type.(*ast.Ident)
		if !ok {
			continue
		}
		if res, ok := fd.Type.Results.List[0].Type.(*ast.Ident); ok {
			variants[recv.Name] = append(variants[recv.Name], res.Name)
		}
	}
	seen := map[string]bool{}
	var walk func(where string, e ast.Expr)
	walk = func(where string, e ast.Expr) {
		switch x := e.(type) {
		case *ast.Ident:
			if def, ok := types[x.Name]; ok && !seen[x.Name] {
				seen[x.Name] = true
				walk(x.Name, def)
				for _, v := range variants[x.Name] {
					walk(v, &ast.Ident{Name: v})
				}
			}
		case *ast.StarExpr:
			walk(where, x.X)
		case *ast.ArrayType:
			walk(where, x.Elt)
		case *ast.MapType:
			walk(where, x.Value)
		case *ast.InterfaceType:
			if !opaque[where] {
				t.Errorf("%s is untyped (interface{})", where)
			}
		case *ast.SelectorExpr:
			if x.Sel.Name == "RawMessage" && !opaque[where] {
				t.Errorf("%s is raw JSON", where)
			}
		case *ast.StructType:
			for _, fl := range x.Fields.List {
				for _, n := range fl.Names {
					if n.IsExported() { // a oneOf's union is unexported, read through As…/From…
						walk(where+"."+n.Name, fl.Type)
					}
				}
			}
		}
	}
	for _, b := range bodies {
		walk(b, &ast.Ident{Name: b})
	}
}
