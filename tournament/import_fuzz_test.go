package tournament_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/formats"
)

// archive is a store that only imports: it keeps the documents it is given.
type archive struct {
	tournament.TournamentStore
	docs []*tournament.Document
}

func (a *archive) Import(_ context.Context, d *tournament.Document) error {
	a.docs = append(a.docs, d)
	return nil
}

func (a *archive) Export(context.Context, int64) (*tournament.Document, error) { return nil, nil }

// FuzzImport: whatever the bytes, an import is either refused with a reason (never an
// internal error) before anything reaches the store, or hands the store a document
// whose every stage a format can rank, with no hand beyond the rules' bounds (so no
// sum can overflow). Run by .ci/run's short fuzz list:
//
//	go test -run='^$' -fuzz='^FuzzImport$' -fuzztime=10s ./tournament/
func FuzzImport(f *testing.F) {
	formats.Register()
	good, err := os.ReadFile("testdata/document.json") // an evening exported by the app
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add([]byte(strings.Replace(string(good), `"Martedì"`, `"Marted\u0000ì"`, 1)))
	f.Add([]byte(strings.Replace(string(good), `"total": 300`, `"total": 4611686018427387904`, 1)))
	f.Add([]byte(strings.Replace(string(good), `"entry_id": 1`, `"entry_id": 99`, 1)))
	f.Add([]byte(`{"kind":"burraco-tournament","version":1,"tournament":{"id":1,"name":"x","date":"2026-01-01"},"stages":[{"id":1,"seq":1,"format":"individual3","settings":{},"rounds":[{"id":1,"number":1,"tables":[{"id":1,"number":1,"sides":[{"position":1,"entry_id":7}]}]}]}]}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		a := &archive{}
		svc := &tournament.Tournaments{Store: a}
		_, err := svc.Import(t.Context(), raw)
		if err != nil {
			if tournament.ErrorCode(err) == tournament.EINTERNAL {
				t.Fatalf("an internal error: %v", err)
			}
			if len(a.docs) > 0 {
				t.Fatalf("refused (%v) after writing", err)
			}
			return
		}
		doc := a.docs[0]
		for i := range doc.Stages {
			st := &doc.Stages[i]
			lo, hi := scoring.TotalRange(&st.Rules)
			n := st.Stage.HandsPerRound()
			state := &tournament.State{Tournament: doc.Tournament, Stage: st.Stage, Entries: doc.Entries, Rounds: st.Rounds}
			for _, r := range st.Rounds {
				for _, tb := range r.Tables {
					for _, h := range tb.Hands {
						if h.Score < lo*n || h.Score > hi*n {
							t.Fatalf("a hand of %d stored", h.Score)
						}
					}
				}
			}
			state.Format().Standings(state)
		}
	})
}
