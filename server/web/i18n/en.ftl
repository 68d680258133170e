# The browser client's words in English: every other language has each of
# these messages (a test fails otherwise) and fills in only the variables
# given here. Project Fluent's format: https://projectfluent.org/fluent/guide/
# (text, { $variable }, and choices on a variable's plural category or value).

## The top bar, on every page

nav-tv = TV
nav-leaderboard = Leaderboard
nav-rules = Rules
language = Language
theme-auto = Theme: system
theme-dark = Theme: dark
theme-light = Theme: light
signed-in-as = Signed in as{" "}
sign-out = Sign out
connecting = Connecting…
connection-lost = Connection lost: reconnecting…
replaced = You signed in from another window, so this one stopped.{" "}
use-this-window = Use this window
try-again = Try again
yes = Yes
cancel = Cancel
variants-unread = The server's games could not be read. { $reason }

## Signing in, and the front page before it

sign-in = Sign in
sign-in-title = Play mancala
sign-in-intro = Pick a name to play under. It stays yours on this browser; set no password to play as a guest.
name = Name
password-if-any = Password (only if your name has one)
name-needed = Type a name: 1 to 20 letters or digits, _ or -.
name-taken = That name is taken. Choose another, or give its password.
preview-title = In the lobby now
preview-reading = Reading the lobby…
preview-counts = { $online } online · { $live ->
    [one] { $live } live match
   *[other] { $live } live matches
}. Sign in to play or watch.
preview-featured = Featured:{" "}
preview-featured-game = { " " }· { $settings } · game { $game } (on the{" "}
preview-featured-end = { " " }once signed in)
preview-no-seek = No open seek: sign in and create one.
preview-seeks = { " " }seeks { $settings }
preview-match = { " " }· { $settings } · game { $game }
preview-no-match = No live match.
open-seeks = Open seeks
live-matches = Live matches

## Challenges

challenge-from = Challenge from { $name }
challenge-received = { $name } challenges you: { $settings } ({ $seconds } s){" "}
challenge-arrived = { $name } challenges you.
challenge-accept = Accept challenge
challenge-decline = Decline
challenge-to = Challenge to { $name }
challenge-sent = You challenged { $name }: { $settings } ({ $seconds } s){" "}
challenge-withdraw = Withdraw
challenge-closed-declined = The challenge with { $name } was declined.
challenge-closed-withdrawn = The challenge with { $name } was withdrawn.
challenge-closed-expired = The challenge with { $name } was expired.
challenge-closed-player_left = The challenge with { $name } was ended: the other player left.

## An invitation to a private match

invitation = Invitation
invitation-title = An invitation to a private match
invitation-reading = Reading the invitation…
invitation-offer = { " " }invites you to play: { $settings }.
invitation-join = Join the match
invitation-closed = This invitation is no longer open.
go-to-lobby = Go to the lobby

## The lobby

lobby = Lobby
new-game = New game
yours = Yours
create-seek = Create seek
quick-pairing = Quick pairing
challenge = Challenge
player-to-challenge = Player to challenge
player-name = player name
challenge-whom = Type the name of the player to challenge.
computer-opponent = Computer opponent
play-computer = Play the computer
computer-level = { $name } (level { $level }{ $level ->
    [1] , nearly random
    [8] , full strength
   *[other] {""}
})
no-seeks = No open seeks. Create one, or use quick pairing.
column-player = Player
column-game = Game
column-players = Players
column-score = Score
column-watching = Watching
cancel-seek = Cancel seek { $id }
accept-seek-of = Accept { $name }'s seek
accept = Accept
seek-rating-range = { " " }· ratings { $min }–{ $max }
players-online = { $count ->
    [one] { $count } player online
   *[other] { $count } players online
}
no-live-matches = No live matches.
game-of = { $game } of { $games }
watch-match = Watch { $first } against { $second }
open = Open
watch = Watch
your-match = Your match against { $name } ({ $settings })
waiting-for-opponent = { " " }Waiting for an opponent: { $settings } ({ $seconds } s){" "}
leave-pairing = Leave pairing
your-seek = Your seek: { $settings }{" "}
your-private-seek = Your private seek: { $settings }{" "}
invitation-link = Invitation:{" "}
copy-link = Copy link
link-copied = Link copied.
copy-by-hand = Copy the link by hand.
nothing-yet = Nothing yet: your matches and seeks appear here.

## The settings form

form-game = Game{" "}
form-games = Games in the match{" "}
stop-when-decided = { " " }Stop when decided
time-presets = Time control presets
clock = Clock{" "}
untimed-choice = Untimed
real-time = Real time
correspondence = Correspondence
form-minutes = Minutes{" "}
form-increment = { " " }+ seconds a move{" "}
form-days = Days per move{" "}
rated-check = { " " }Rated
rating-from = { " " }Opponent rating from{" "}
rating-to = { " " }to{" "}
rating-any = any
private-check = { " " }Private (share a link instead of listing it)
preset-days = { $days ->
    [one] { $days } day
   *[other] { $days } days
}
real-time-limits = Real time: 1 to 180 minutes, and 0 to 60 seconds a move.
correspondence-limits = Correspondence: 1 to 14 days a move.

## Settings in words

variant-mangala = Turkish Mangala
variant-kalah = Kalah
variant-oware = Oware (abapa)
variant-kalah_relay = Kalah with relay sowing
variant-congkak = Congkak
variant-togyz_kumalak = Togyz Kumalak
variant-bestemshe = Bestemshe
param-seeds_per_house = Seeds per house
param-seeds_per_house-short = { $count } seeds
param-empty_capture = Empty capture (a lone seed opposite an empty house is banked)
param-empty_capture-short = empty capture
param-grand_slam = Grand slam
param-grand_slam-short = grand slam
param-capture_includes_last = Capture includes the last seed
param-capture_includes_last-short = capture includes the last seed
param-empty_opposite = Last seed in an own empty house, opposite empty
param-empty_opposite-short = lone seed opposite nothing
param-houses = Houses in each row
param-houses-short = houses
param-value-legal_no_capture = legal, captures nothing
param-value-illegal_unless_forced = illegal unless forced
param-value-nothing = nothing happens
param-value-last_to_store = the seed goes to the store
untimed = untimed
real-time-control = { $minutes } min + { $seconds } s
days-a-move = { $days ->
    [one] { $days } day a move
   *[other] { $days } days a move
}
games-count = { $games ->
    [one] { $games } game
   *[other] { $games } games
}
rated = rated
stops-when-decided = stops when decided
game-end-side_empty = a row ran empty
game-end-no_move = no move was left
game-end-majority = a store passed half the seeds
game-end-repetition = a position repeated
game-end-resign = resignation
game-end-forfeit = forfeit
game-end-timeout = time ran out
game-end-draw_agreed = draw agreed
game-end-claimed = claimed after the opponent left
game-end-abandoned = the player stayed away
game-end-no_start = the first move was not made in time
match-end-completed = every game played
match-end-decided = decided early
match-end-forfeit = forfeit
match-end-aborted = aborted
