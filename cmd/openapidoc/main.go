// Command openapidoc writes the OpenAPI document the app serves at /api/v1/openapi.json
// (the same bytes, with the formats main registers) to standard output or a file: the
// generated test clients (views/api/apiclient) are made from it.
package main

import (
	"fmt"
	"os"

	"burraco/tournament/formats"
	"burraco/views/api"
)

func main() {
	formats.Register()
	if len(os.Args) > 1 {
		if err := os.WriteFile(os.Args[1], api.Document(), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	os.Stdout.Write(api.Document())
}
