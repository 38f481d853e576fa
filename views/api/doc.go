// Package api is /api/v1: its handlers (Handlers), which write the bodies of package dto,
// and the OpenAPI 3.1 document built from those types, with the checks that keep the
// document true to the routes and to the answers the handlers give.
package api
