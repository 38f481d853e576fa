package registry

// PlayersPerPage is playersPerPage, for the package's external tests.
const PlayersPerPage = playersPerPage
