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
back-to-tournament = Back to the tournament
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

## The rules pages (the rules in short are at the end of the file)

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

## The rules in short, a paragraph each, and the worked examples' titles

rules-mangala-1 = Two rows of 6 houses with 4 stones each; each player owns the row nearer him and the store on his right.
rules-mangala-2 = A move lifts every stone of one of your houses and sows them one by one counter-clockwise: the first goes back into the house it came from (a single stone moves on to the next house), then your houses, your store, the opponent's houses, never his store.
rules-mangala-3 = Last stone in your store: you move again. Last stone in an opponent's house that then holds an even number: you take them all. Last stone in an empty house of yours: you take it and the stones of the opposite house, if there are any.
rules-mangala-4 = The game ends when a row is empty after a move: the player whose row ran empty takes every stone left. More stones in your store wins (more than 24).
rules-kalah-1 = Two rows of 6 houses with 4 stones each (3 to 6 as chosen); each player owns the row nearer him and the store on his right.
rules-kalah-2 = A move lifts every stone of one of your houses and sows them one by one counter-clockwise into the next houses and your own store, never the opponent's.
rules-kalah-3 = Last stone in your store: you move again. Last stone in an empty house of yours with stones opposite: you take both into your store.
rules-kalah-4 = The game ends when a row is empty after a move; each player adds what is left in his row to his store. More stones wins.
rules-oware-1 = Two rows of 6 houses with 4 seeds each and no stores on the track: captured seeds are kept aside.
rules-oware-2 = A move lifts every seed of one of your houses and sows them counter-clockwise, skipping the house it came from on later laps.
rules-oware-3 = Last seed in an opponent's house that then holds 2 or 3: you take it, and the houses before it in his row that hold 2 or 3 too. A move that would take every seed he has (a grand slam) takes nothing.
rules-oware-4 = You must leave the opponent a move if you can. The game ends when a player has more than 24, or cannot be fed, or a position repeats: each player then keeps the seeds in his row. More seeds wins.
rules-kalah_relay-1 = Kalah on 6 houses of 3 stones, with relay sowing: a last stone that falls into an occupied house of yours lifts that house and sows on.
rules-kalah_relay-2 = Last stone in your store: you move again. Last stone in an empty house of yours: you take the stones opposite (the capturing stone stays, unless the option says otherwise).
rules-kalah_relay-3 = The game ends when a row is empty after a move; each player adds his row to his store. More stones wins (more than 18).
rules-congkak-1 = Two rows of 7 houses with 7 seeds each, played turn by turn.
rules-congkak-2 = A move lifts one of your houses and sows counter-clockwise through your store; a last seed in an occupied house on either side lifts it and sows on.
rules-congkak-3 = Last seed in your store: you move again. Last seed in an empty house of yours: you take it and the opposite house.
rules-congkak-4 = The game ends when the player to move has no seeds in his row; each keeps what is in his row. More seeds wins (more than 49).
rules-togyz_kumalak-1 = Kazakhstan's national game: two rows of 9 houses with 9 stones each, 162 in all; each player's store (kazan) keeps what he takes.
rules-togyz_kumalak-2 = A move lifts every stone of one of your houses and sows them one by one counter-clockwise: the first back into the house it came from (a single stone moves on to the next house), then your houses up, then the opponent's from his first.
rules-togyz_kumalak-3 = Last stone in an opponent's house that then holds an even number: you take them all. If it makes that house exactly 3, it becomes your tuzdik for the rest of the game (one per player; never his 9th house, nor the house numbered as his tuzdik): every stone sown into it is yours.
rules-togyz_kumalak-4 = More than 81 in your store wins at once (the stones on the board then count for nobody). A player left without a stone to move: the other takes what is left in his row and the game ends; 81 to 81 is a draw.
rules-bestemshe-1 = Togyz Kumalak's rules on a small board: two rows of 5 houses with 5 stones each, 50 in all, and no tuzdik.
rules-bestemshe-2 = Sow counter-clockwise from one of your houses, the first stone back into it (a single stone moves on); a last stone that makes an opponent's house even takes it.
rules-bestemshe-3 = More than 25 in your store wins. A player left without a stone to move: the other takes what is left and the game ends.
example-T1 = Opening: first stone back into the origin, even capture
example-T2 = Tuzdik created: the last stone makes an opponent house exactly 3
example-T3 = A 20-stone lap through both tuzdiks
example-T4a = No tuzdik in the opponent's 9th house
example-T4b = No tuzdik in the house with the same number as the opponent's tuzdik
example-T4c = Control: the same position, house 5 does make a tuzdik
example-T4d = No second tuzdik
example-T5 = A single stone moves to the next house (and captures)
example-T6 = Game over: a score passes half (82 of 162); no sweep
example-T7 = Game over: the opponent is left without stones; 81 : 81 draw
example-B1 = Bestemshe opening: c1d2
example-B2 = Bestemshe has no tuzdik: a 3 is just odd
example-B3a = Bestemshe: emptying your own row does not end the game
example-B3b = { "." }.. and if the opponent does not feed, he takes the rest

## Refusals the browser client makes itself (the server's are in protocol/i18n)

refusal-disconnected = The connection was lost: reconnecting…
refusal-not_found = Nothing was found there.
refusal-bad_request = The server could not answer that request.

## Tournaments

nav-tournaments = Tournaments
tournament-stage-waiting = taking entries
tournament-stage-playing = a round is on
tournament-stage-between_rounds = between rounds
tournament-stage-over = over
countdown-hours = { $h } h { $m } min
countdown-minutes = { $m } min { $s } s
tournament-sign-in = Sign in to join or create a tournament.
tournaments-empty = No tournament yet: create the first.
column-tournament = Tournament
column-stage = Where it is
round-of = round { $round } of { $rounds }
tournament-default-name = Friday Swiss
tournament-create-title = Create a tournament
tournament-create-intro = A Swiss: every round is a match of the game and clock you choose, paired by the Swiss system. An arena: for a set time, whoever is free is paired again at once. (docs/TOURNAMENTS.md) Your name needs a password to direct one.
tournament-name = Name
tournament-rounds = Rounds
tournament-starts-in = Starts in (minutes; 0: at once)
tournament-between = Minutes between rounds
tournament-create = Create the tournament
tournament-title = Tournament { $id }
all-tournaments = All tournaments
lobby-no-tournament = No tournament is on or coming.
lobby-tournament-leaders = Leading: { $leaders }
lobby-tournament-entrants = { $count ->
    [one] { $count } entrant so far
   *[other] { $count } entrants so far
}
tournament-joined = You are in: your board's match opens here when each round starts.
tournament-withdrew = You have withdrawn.
tournament-withdraw = Withdraw
tournament-join = Join
tournament-no-entrants = Nobody has joined yet.
tournament-standings = Standings
column-game-points = Games
tournament-withdrawn = (withdrew)
round-n = Round { $round }
board-forfeit = { $first }–{ $second } by forfeit
board-playing = playing
board-replay = replay
board-watch = watch
board-bye = Bye: { $name }
tournament-about = { $settings }; { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}; directed by { $director }.
tournament-starts-countdown = Starts in { $time }.
next-round-countdown = Next round in { $time }.
password-protect-title = Protect your name
password-protect-intro = A password keeps your name yours for good, lets you sign in on any device, and lets you direct tournaments.
password-new = New password (8 characters or more)
password-set-button = Set the password
password-set-done = Your name is protected: sign in with it on any device.
tournament-min-rating = Minimum rating (optional)
tournament-entry-rating = Entry: rated { $rating } or more in this game and speed.
tournament-private-check = Private: only those I give its address to can see and enter it
tournament-computers = Computer players (casual tournaments only)
tournament-private-link = Private: whoever has this address can see and enter it.
tournament-private-address = The tournament's private address
berserked-now = { $name } berserks.
berserk-question = Berserk: play this match on half your clock, without increment, for a point more if you win it?
berserk-explained = Berserk: half the clock and no increment for this match, a point more in the arena for a win
berserk-mark = ⚡
berserk = Berserk
go-to-board = Go to your board
your-board = Your match against { $name } is on.
arena-matches = Matches
arena-left = (left)
on-fire-explained = On fire: two wins in a row, the next win counts double
on-fire = 🔥
column-marks = Each match's points
column-matches = Matches
arena-leaderboard = Leaderboard
arena-playing-out = Its time is up: the last matches are being played out.
arena-ends-countdown = Ends in { $time }: no pairing after that; matches under way are played out.
arena-berserk-rule = Berserk before your first move: half your clock and no increment for the match, a point more if you win it.
arena-rules = Whoever finishes a match is paired again with someone near in the standings. A win 2 points, a draw 1; after two wins in a row, wins count double until a match is not won.
arena-about = { $settings }; an arena of { $minutes } minutes; directed by { $director }.
arena-length = arena, { $minutes } min
arena-stage-playing = under way
arena-berserk-check = Berserk allowed (real-time clocks)
arena-minutes = Length (minutes)
format-arena = Arena (for a set time)
format-swiss = Swiss (rounds)
tournament-format = Kind
