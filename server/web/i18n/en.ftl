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

## A match, played or watched

match-title = Match { $id }
match-not-live = Match { $id } is not live.
replay-from-archive = Replay it from the archive
match-over = Match over: { $result }.
server-restarted = The server restarted: nobody’s clock ran while it was down.
offers-draw-now = { $name } offers a draw.
rematch-watching = The players agreed a rematch: now watching match { $id }.
announce-move = { $name } played house { $house }{ $captured ->
    [0] {""}
   *[other] , capturing { $captured }
}{ $tuzdik ->
    [yes] , and wins a tuzdik
   *[no] {""}
}{ $extra ->
    [yes] , and moves again
   *[no] {""}
}.
game-drawn-score = Drawn { $a }–{ $b }
game-won-score = { $name } wins { $a }–{ $b }
game-result = Game { $game }: { $who } ({ $how }).
seat = seat { $seat }
match-aborted = aborted
match-drawn = drawn { $a }–{ $b }
match-won = { $name } wins { $a }–{ $b } ({ $how })
move-not-sent = Not sent: the connection was lost. It will be resumed.
move-refused = Move refused: { $reason }
moves-of-game = Moves of this game
chat-messages = Chat messages
chat-message = Chat message
say-something = Say something…
send = Send
chat = Chat
animation-speed = Animation speed
animation-off = Animation off
animation-fast = Animation fast
animation-normal = Animation normal
animation-slow = Animation slow
sound-switch = { " " }Sound
sounds = Sounds
sound-turn = Your move
sound-move = A move
sound-capture = A capture
sound-extra_turn = An extra turn
sound-game_end = A game's end
sound-low_time = Your clock running low
moves = Moves
loading = Loading…
away = { " " }(away)
score-label = Score { $a } to { $b }
game-of-match = { " " }· game { $game } of { $games }
watching-count = { " " }· { $count } watching
rules-link = rules
clock-of = { $name }'s clock
first-move-left = Time left for the first move
your-first-move = Your first move: { $seconds } s
their-first-move = { $name }'s first move: { $seconds } s
connecting-match = Connecting to the match…
first-game-soon = The first game is about to start.
game-over-next = Game over; the next one is starting.
plays-house = { $name } plays house { $house }…
house-sent = House { $house } sent…
your-move = Your move
to-move = { $name } to move
game-result-label = Game { $game } result
game-over-title = Game { $game } over
summary-stores = Stores: { $first } { $a }, { $second } { $b }. Set score { $x }–{ $y }.
ratings-line = Ratings: { $changes }.
close = Close
hide = Hide
flip-board = Flip board
stop-watching = Stop watching
offers-draw = { $name } offers a draw
accept-draw = Accept draw
decline-draw = Decline draw
draw-offered = Draw offered
offer-draw-question = Offer a draw of this game?
offer-draw = Offer draw
resign-question = Resign game { $game }? You lose this game; the match goes on.
resign = Resign
resign-game = Resign game
forfeit-question = Forfeit the match? You lose this game and every game left.
forfeit-match = Forfeit match
abort-question = Abort the match? It ends without a result.
abort = Abort
claim-game = Claim the game
go-to-rematch = Go to the rematch
offers-rematch = { $name } offers a rematch
accept-rematch = Accept rematch
decline-rematch = Decline rematch
rematch-offered = Rematch offered
rematch = Rematch
rematch-declined = Rematch declined
replay = Replay
back-to-lobby = Back to the lobby
no-move-yet = Game { $game }: no move yet.
no-game-yet = No game yet.
game-playing = playing
game-draw = draw
game-won-by = { $name } won
moves-count = { $count ->
    [one] { $count } move
   *[other] { $count } moves
}
games-caption = Games
column-first = First
column-result = Result
column-how = How
column-stores = Stores ({ $first }–{ $second })
column-points = Points
spectators-chat = Spectators’ chat
players-chat = Players’ chat
title-your-move = ● Your move · { $title }

## The board (names of the pits, for screen readers; the stores' labels)

board = Board
you-suffix = { $name } (you)
house-plain = House { $house }
house-yours = Your house { $house }
house-of = { $name }'s house { $house }
house-opponent = Opponent's house { $house }
store-yours = Your store
store-of = { $name }'s store
with-seeds = { $place }, { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}
best-move = { $label }, the engine's best move
tuzdik-yours = { $place }: your tuzdik (its seeds go to your store)
tuzdik-of = { $place }: { $name }'s tuzdik (its seeds go to { $name }'s store)
store-label-yours = your store
store-label-of = { $name }'s store

## Players' pages and the leaderboard

speed-real_time = Real time
speed-correspondence = Correspondence
speed-label = { " " }Speed{" "}
graph-label = { $title }: from { $from } to { $to } over { $count ->
    [one] { $count } rated match
   *[other] { $count } rated matches
}
graph-before = { $rating } before
graph-after = { $rating } after match { $id }
graph-title = { $variant }, { $speed }
profile-of = { $name }'s profile
no-rated-match = No rated match yet.
column-speed = Speed
column-rating = Rating
column-rated-games = Rated games
tally = { $won } won, { $drawn } drawn, { $lost } lost
no-match-yet = No match yet.
live-suffix = { " " }(live)
match-link = match { $id }
ratings = Ratings
record = Record
record-line = Matches: { $matches }. Games: { $games }.
recent-matches = Recent matches
the-leaderboard = The leaderboard
leaderboard-empty = Nobody here yet: a rating leaves "?" (provisional) after a few rated matches.

## The TV

tv-label = TV: the featured match
tv-empty = No live match now: the TV shows the best one as soon as one starts.
server-unreachable = The server cannot be reached.

## The rules pages (the rules themselves come from the server, in English)

rules-intro = Every game the server offers, with its rules in short and the worked examples of its specification played on a board:
all-games = All the games
worked-examples = Worked examples
rules-title = { $game }: the rules
examples-intro = Pick one: the board shows the position, then plays the move stone by stone.
player-number = Player { $n }
example-before = { $id }: player { $n } to move plays house { $house }.
play-house = Play house { $house }
example-game-over = Game over ({ $a } to { $b }).
example-to-move = Player { $n } to move.
example-after = { $id }: house { $house } played. { $words }
again = Again
next-example = Next example

## Replays and the engine's analysis

loading-match = Loading the match…
archive-answered = The archive answered { $status }.
still-live = still live
replay-drawn = { $how }, drawn
replay-won = { $name } won ({ $how })
play = Play
pause = Pause
first-move = First move
previous-move = Previous move
next-move = Next move
last-move = Last move
flip = Flip
download-records = Download records
analyse-with-engine = Analyse with the engine
analyse = Analyse
game-tab = Game { $game }
engine-reviewing = The engine is reviewing every move…
server-answered = the server answered { $status }
no-analysis = No analysis: { $reason }
engine-depth = Engine, { $depth ->
    [one] { $depth } ply
   *[other] { $depth } plies
}.
verdict-best = the best move
verdict-worse = { $class ->
    [inaccuracy] an inaccuracy
    [mistake] a mistake
   *[blunder] a blunder
}, losing { $loss } (best was house { $best }, { $value })
move-worth = House { $house } by { $name } is worth { $value }{ $exact ->
    [yes] {" "}(exact)
   *[no] {""}
}: { $verdict }.
best-here = Best here for { $name }: house { $house }, { $value }{ $exact ->
    [yes] {" "}(exact)
   *[no] {""}
}.
engine-expects = The engine expects: { $line } (houses, each from its mover's left).
replay-opening = Game { $game }: the opening, { $name } to move first
replay-move = Game { $game }, move { $ply } of { $plies }: { $name } played house { $house }
replay-game-drawn = {"."} Drawn ({ $how })
replay-game-won = {"."} { $name } won ({ $how })
move-title = { $class ->
    [inaccuracy] inaccuracy
    [mistake] mistake
   *[blunder] blunder
}: lost { $loss }
evaluation-label = Evaluation for { $name } over the game, from { $from } to { $to } seeds; { $exact } of { $count } positions exact
no-evaluation = No position was evaluated
ahead = { $name } ahead
graph-point = { $ply ->
    [0] The opening
   *[other] After move { $ply }
}: { $value }{ $exact ->
    [yes] {" "}(exact)
   *[no] {""}
}
class-counts = { $name }: { $inaccuracies ->
    [one] { $inaccuracies } inaccuracy
   *[other] { $inaccuracies } inaccuracies
}, { $mistakes ->
    [one] { $mistakes } mistake
   *[other] { $mistakes } mistakes
}, { $blunders ->
    [one] { $blunders } blunder
   *[other] { $blunders } blunders
}
