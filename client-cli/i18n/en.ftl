# The terminal client's words in English. Every other file has each of
# these messages (a test checks it), with at most the same variables.
# Commands, keys and settings (seek, y/n, games=5) are the same in every
# language: they are what one types.

## Counts and units

players-online = { $count ->
    [one] { $count } player
   *[other] { $count } players
} online
points-unit = { $shown } { $points ->
    [one] pt
   *[other] pts
}
time-untimed = untimed
time-days = { $days ->
    [one] { $days } day per move
   *[other] { $days } days per move
}
rated-suffix = , rated
reconnecting = connection lost; reconnecting (try { $attempt } of { $tries })
reconnected = reconnected
error-line = error: { $message }

## Why a game or a match ended (English: the protocol's own words, which scripts read)

game-end-side_empty = side_empty
game-end-no_move = no_move
game-end-majority = majority
game-end-repetition = repetition
game-end-resign = resign
game-end-forfeit = forfeit
game-end-timeout = timeout
game-end-draw_agreed = draw_agreed
game-end-claimed = claimed
game-end-abandoned = abandoned
game-end-no_start = no_start
match-end-completed = completed
match-end-decided = decided
match-end-forfeit = forfeit
match-end-aborted = aborted
challenge-closed-declined = declined
challenge-closed-withdrawn = withdrawn
challenge-closed-expired = expired
challenge-closed-player_left = player_left
draw-offer-declined = draw offer declined
draw-offer-lapsed = draw offer lapsed

## Line mode (--plain): one line per event

plain-welcome = welcome { $name } (player { $id })
plain-seek-open = seek { $seek } open
plain-private-seek-open = private seek { $seek } open: share the code { $code }
plain-pool-joined = waiting for an opponent
plain-challenge-sent = challenge { $challenge } sent to { $name }
plain-challenge-received = challenge { $challenge } from { $name }: { $ruleset } { $games } games (yes { $challenge } / no { $challenge })
plain-challenge-closed = challenge { $challenge } closed: { $reason }
plain-match-started = match { $match_id } started: { $a } vs { $b }, { $ruleset }, { $games } games, { $time }{ $rated }
plain-watching = watching match { $match_id }: { $a } vs { $b }, game { $game }, points { $pa }-{ $pb }; { $board }
plain-game-started = match { $match_id } game { $game }: { $name } moves first
plain-move = match { $match_id } game { $game } move { $ply }: { $name } plays house { $house }{ $captures }{ $again }; { $board }
plain-captures = , captures { $seeds }
plain-moves-again = , moves again
plain-wins = { $name } wins
plain-draw = draw
plain-drawn = drawn
plain-game-over = match { $match_id } game { $game } over: { $result } ({ $reason }); stores { $a } { $sa }, { $b } { $sb }; points { $a } { $pa }, { $b } { $pb }
plain-match-over = match { $match_id } over ({ $reason }): { $a } { $pa } - { $pb } { $b }, { $result }
plain-ratings = ratings: { $a } { $ra }, { $b } { $rb }
plain-left = { $name } left (seat kept)
plain-back = { $name } is back
plain-restarted = match { $match_id }: the server restarted; { $paused } s while it was down count for nobody, and both players have { $grace } s to come back
plain-draw-offered = { $name } offers a draw (draw to accept, no-draw to decline)
plain-berserked = { $name } berserks: half the clock and no increment for this match, a point more in the arena for a win
plain-rematch-offered = { $name } offers a rematch (rematch to accept)
plain-rematch-declined = rematch declined
plain-rematch-agreed = rematch agreed: match { $match_id } starts
plain-chat-players = [players] { $name }: { $text }
plain-chat-spectators = [spectators] { $name }: { $text }
plain-spectators = match { $match_id }: { $count } watching
plain-your-move = your move in match { $match_id } game { $game } ply { $ply }: houses { $houses }
plain-tournament-created = tournament { $tournament } created: { $name }, { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}
plain-tournament-code = private: players join with: join { $tournament } { $code }
plain-tournament = tournament { $tournament } ({ $name }): round { $round } of { $rounds }, { $players ->
    [one] { $players } player
   *[other] { $players } players
}, first { $leader } ({ $points })
plain-open-seeks = open seeks ({ $count }):
plain-seek = { "  " }seek { $seek }: { $name }{ $rating } offers { $ruleset }, { $games } games, { $time }{ $rated }
plain-live-matches = live matches ({ $count }):
plain-live-match = { "  " }match { $match_id }: { $a } { $pa } - { $pb } { $b }, { $variant } game { $game } of { $games }, { $watching } watching

## The full-screen lobby

lobby-title = { " " }Mancala lobby{ " " }
lobby-signed-in = Signed in as { $name }. { $count ->
    [one] { $count } player
   *[other] { $count } players
} online.
lobby-keys = ↑↓ select  Enter play/accept/watch  s seek  p quick pairing  x stop waiting  c challenge  y/n answer challenge  : command  q quit
lobby-challenge = Challenge { $challenge } from { $name }: { $ruleset }, { $games } games, { $time }  (y accept, n decline)
lobby-in-pool = Waiting for an opponent: { $variant }, { $games } games, { $time }  (x leaves the pool)
lobby-my-seek = Your seek #{ $seek }: { $variant }, { $games } games, { $time }, waiting  (x cancels the newest)
lobby-sent-challenge = Challenge { $challenge } to { $name }: waiting for an answer
lobby-your-matches = Your matches (Enter to play)
lobby-your-move = your move
lobby-open-seeks = Open seeks
lobby-tournaments = Tournaments (join T to enter, tournament T to follow; mancala tournaments T for its standings)
lobby-live-matches = Live matches
lobby-none = (none)
lobby-games = { $games ->
    [one] { $games } game
   *[other] { $games } games
}
lobby-game-of = game { $game }/{ $games }
lobby-watching = { $count } watching
lobby-vs = vs

## A match on the full screen

match-keys = 1-{ $houses } or ←→ Enter move  r resign  f forfeit  d draw  m rematch  t chat  l lobby  : command  q quit
spectator-keys = t chat  l lobby  : command  q quit  (watching)
match-header = Match { $match_id } · { $ruleset } · game { $game } of { $games } · { $time } · { $watching } watching
your-store = your store
store-of = { $name }'s store
to-move = ◀ to move
to-move-first = ◀ to move (first move: { $seconds } s)
away = (away)
chat-title = { " " }Chat{ " " }
chat-spectator = (spectator){ " " }
status-your-move = Your move: houses { $houses }
status-to-move = { $name } to move
status-between-games = Between games
status-last = { " " }· last: { $name } played house { $house }{ $captures }{ $again }
status-draw-offered-to-you = { " " }· { $name } offers a draw: press d to accept, or play on
status-draw-offered = { " " }· { $name } offers a draw
status-you-offered-draw = { " " }· you offered a draw
status-match-over = Match over ({ $reason }): { $a } { $pa } - { $pb } { $b }, { $result }{ $rematch }
status-match-won = { $name } wins the match
status-match-drawn = the match is drawn
status-rematch-offered-to-you = { " " }· { $name } offers a rematch: press m to accept
status-rematch-offered = { " " }· { $name } offers a rematch
status-you-offered-rematch = { " " }· you offered a rematch
error-status = error: { $message }

## The end of a game on the full screen

result-title = { " " }Game over{ " " }
result-heading = Game { $game } of { $games } is over · match { $match_id }
result-game-won = { $name } wins game { $game }
result-game-drawn = game { $game } is drawn
result-line = { $result } ({ $reason }) · stores: { $a } { $sa }, { $b } { $sb }
result-table-game = game
result-table-first = first
result-table-winner = winner
result-table-draw = draw
result-points = points: { $a } { $pa }, { $b } { $pb }
any-key-go-on = any key: go on

## What happened, on the status line

you = you
told-resigned = { $who } resigned game { $game }
told-timeout = { $who } ran out of time in game { $game }
told-abandoned = { $who } abandoned game { $game }
told-no-start = { $who } did not make game { $game }'s first move in time
told-claimed = game { $game } claimed from { $who }, who was away
told-draw-agreed = game { $game } drawn by agreement
told-forfeited = { $who } forfeited the match
told-aborted = the match was aborted

## Keys and questions

hint-challenge = y accepts the challenge, n declines it
confirm-resign = Resign game { $game }? (y/n)
confirm-forfeit = Forfeit the match, losing every game left? (y/n)
confirm-quit = Quit while your game runs? Your clock keeps running. (y/n)
cancelled = cancelled
watching-keys = you are watching: t chat, l lobby, : command, q quit
seek-cancelled = seek { $seek } cancelled
left-pool = you left the pool
nothing-to-cancel = nothing to cancel: you are not waiting
declined-challenge = you declined challenge { $challenge }
no-challenge-waiting = no challenge is waiting
connection-lost-final = connection lost: { $error } — q quits
help-title = { " " }Help{ " " }
help-close = any key: close the help

## The command list (help): the commands themselves are typed as shown

help-commands = commands:
help-pool = quick pairing by rating
help-tournaments = tournament T
help-move = sow house N (1 = your leftmost)
help-say = chat
help-variants = variants:
help-parameters = parameters (defaults first):
help-time = time: untimed, M+S (3+2: 3 minutes, 2 s a move), Nd (N days a move)
help-rated = rated: the match changes both ratings (timed matches only); casual otherwise
help-range = range=1400-1700: only players rated so (in the seek's variant and speed) see the seek

## Typed commands that cannot be sent

command-unknown = unknown command '{ $word }' (type help)
command-usage = usage: { $usage }
command-challenge-whom = challenge whom? challenge NAME
command-not-in-match = you are not in a match
command-not-playing = you are not playing a match
command-bad-range = { $word }: use range=MIN-MAX, range=MIN- or range=-MAX

## The connection and the account

cannot-reach = cannot reach { $url }: { $reason }
refused = the server refused to sign in: { $reason }
refused-request = the server refused: { $reason }
connection-lost = connection lost
name-taken = the name { $name } is taken by another player; choose another with --name
token-forgotten = the server no longer knew your saved token; signed in again as { $name }
needs-name = mancala { $command } acts on one name: give it with --name NAME
watch-plain-needs-match = with --plain, name the match to watch (mancala lobby lists them)
password-prompt = Password:{ " " }
password-again = Again:{ " " }
password-unread = cannot read the password: { $error }
password-no-terminal = cannot read a password from the terminal ({ $error }); use --password-stdin
passwords-differ = the two passwords differ; nothing was changed
password-length = a password is 8 to 256 bytes
no-answer = the server did not answer
url-no-answer = { $url } did not answer
cannot-connect = cannot connect to { $url }: { $error }
server-closed = the server closed the connection
server-closed-because = the server closed the connection: { $reason }
password-set = { $name } has a password now: the name is yours for good, and `mancala login --name { $name }` signs in on any device
signed-in-saved = signed in as { $name }; this device is { $name } from now on
signed-in-unsaved = signed in as { $name }, but there is nowhere to save the token

## Leaderboard and profile

speed-real_time = real-time
speed-correspondence = correspondence
leaderboard-title = { $variant } { $speed } leaderboard
leaderboard-empty = { $title }: nobody yet (a rating is listed once it is established, deviation 110 or less)
leaderboard-columns = rank  name                  rating  ±dev  games
profile-no-rated = no rated match yet
profile-rating = { $variant } { $speed }: { $rating } (±{ $deviation }, { $games ->
    [one] { $games } game
   *[other] { $games } games
})
profile-tally = { $won } won, { $drawn } drawn, { $lost } lost
profile-games = games: { $tally }
profile-matches = matches: { $tally }
profile-history = rating history (oldest first):
profile-history-row = match { $match_id } { $variant } { $speed }: { $before } → { $after }
profile-recent = recent matches:
profile-recent-row = match { $match_id } { $players }  { $points }
profile-live = live

## Tournaments (mancala tournaments)

tournaments-none = No tournament yet.
tournaments-line = #{ $tournament } { $name } · { $settings } · { $stage } · round { $round } of { $rounds } · { $players ->
    [one] { $players } player
   *[other] { $players } players
}
tournament-heading = { $name } (#{ $tournament }), directed by { $director }: { $settings }; { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}; { $stage }
tournament-columns = place  name                  points   games     S-B  Buchholz
tournament-withdrawn = (withdrew)
tournament-round = round { $round }:
tournament-forfeit = { $first }-{ $second } by forfeit
tournament-playing = playing
tournament-match = match { $match_id }
tournament-bye = bye: { $name }
stage-waiting = taking entries
stage-playing = a round is on
stage-between_rounds = between rounds
stage-over = over
arenas-line = #{ $tournament } { $name } · arena, { $minutes } min · { $settings } · { $stage } · { $players ->
    [one] { $players } player
   *[other] { $players } players
}
arena-heading = { $name } (#{ $tournament }), directed by { $director }: an arena of { $minutes } minutes, { $settings }; { $stage }
arena-berserk-allowed = berserk allowed
arena-columns = place  name                  points  matches  each match's points
arena-on-fire = (on fire)
arena-left = (left)
arena-matches = matches (being played, then the last ended):
arena-berserked = [B]
stage-arena-playing = under way

## The engine tools: mancala replay, analyze and solve (English: as scripts read them)

diagram-house = P{ $side } house
diagram-seeds = P{ $side } seeds
diagram-store = P{ $side } store
diagram-to-move = (player { $side } to move)
diagram-over = (game over: { $reason })
replay-start = Start
replay-move = Move { $ply }: player { $side } plays house { $house }
replay-relays = { $count ->
    [one] { $count } relay
   *[other] { $count } relays
}
replay-captures = captures { $seeds }
replay-extra-turn = extra turn
replay-tuzdik = player { $owner }'s house { $house } becomes player { $by }'s tuzdik
replay-game-over = game over ({ $reason })
replay-sweep = player { $to } takes the { $seeds } left in player { $from }'s row
replay-result-won = Result: { $first }-{ $second }, player { $side } wins ({ $reason })
replay-result-draw = Result: { $first }-{ $second }, draw ({ $reason })
replay-unfinished = Unfinished: player { $side } to move
replay-no-file = name a game record to replay, or use --jsonl to read JSON Lines (see --help)
replay-no-match-id = name the match to replay by its id: mancala replay --server URL MATCH_ID
replay-bad-record = the server's record of game { $game } is not readable: { $problem }
analyze-heading = Game { $game }: { $variant } ({ $ruleset }), each position searched { $depth } plies; a value is the mover's store less his opponent's as far as the search saw (* where it saw the end: exact)
analyze-ply = ply
analyze-side = side
analyze-played = played
analyze-value = value
analyze-best-move = best
analyze-loss = loss
analyze-class = class
analyze-expected = expected line
analyze-best = best
analyze-inaccuracy = inaccuracy
analyze-mistake = mistake
analyze-blunder = blunder
analyze-nothing-lost = No move lost anything at this depth.
analyze-worst-move = ply { $ply } (side { $side }, house { $played } for { $best }: { $seeds } seeds)
analyze-worst = Moves that lost the most: { $moves }.
solve-starting = solving { $ruleset } from the start
solve-starting-search = solving { $ruleset } from the start (the general search: no endgame database)
solve-one-thread = note: { $ruleset } is solved by the general search, on one thread
solve-level = endgame database: { $level } of { $seeds } seeds done ({ $positions } positions, { $seconds } s)
solve-built = endgame database: every position with up to { $seeds } seeds in the houses, { $mib } MiB, built in { $seconds } s
solve-read = endgame database: every position with up to { $seeds } seeds in the houses, { $mib } MiB, read from { $path } in { $seconds } s
solve-saved = endgame database: saved to { $path }
solve-kept = endgame database: kept in { $path } for the next solve
solve-not-kept = note: the endgame database was not kept: { $problem }
solve-rebuilding = note: { $problem }; building it again
solve-file-problem = endgame database file { $path }: { $problem }
solve-progress = { $positions } positions searched ({ $seconds } s)
solve-first-move = house { $house }: { $value } ({ $positions } positions, { $seconds } s)
solve-value = { $ruleset }: { $value } with perfect play (the first player's final seeds less the second's); best first move: house { $houses }
solve-value-only = solved (every other first move does no better)
solve-each-move = each first move
solve-move-value = house { $house }: { $value }
solve-hits = { $hits } answered by the endgame database
solve-searched = positions searched: { $positions }{ $hits } by { $threads ->
    [one] { $threads } thread
   *[other] { $threads } threads
}; time: { $seconds } s
solve-memory = memory: table { $mib } MiB ({ $entries } entries), { $database }
solve-no-database = no endgame database
solve-database = endgame database { $mib } MiB (up to { $seeds } seeds)

## What the rules and the engine refuse (English: their own words, exactly)

complaint-at-line = line { $line }: { $said }
complaint-house-out-of-range = there is no house { $number }: houses are numbered 1 to { $houses }
complaint-empty-house = house { $number } is empty
complaint-must-feed = house { $number } does not reach the opponent's empty row, and the opponent must be fed
complaint-grand-slam = house { $number } would capture all the opponent's seeds (a grand slam), which is not allowed while another move exists
complaint-game-over = the game is already over
complaint-bad-tag = a tag is written [name "value"]
complaint-duplicate-tag = tag '{ $name }' is given twice
complaint-tag-after-moves = tags must come before the moves
complaint-missing-variant = the record has no [variant "..."] tag
complaint-bad-move-token = '{ $token }' is not a move (moves are house numbers such as 3, joined by commas within a turn: 3,6)
complaint-round-number = round { $found }. comes where round { $expected }. was expected
complaint-illegal-move = move { $ply } (house { $number }) is illegal: { $why }
complaint-turn-ends-early = move { $ply } ends the turn (no extra turn), so the next move belongs to the other player's turn: write a space, not a comma
complaint-turn-incomplete = move { $ply } gives an extra turn, so the same player moves again: join the next move with a comma
complaint-wrong-label = move { $ply } is written { $written }, but house { $number } here plays { $played }
complaint-bad-result = result '{ $value }' must be written like 27-21, or * for an unfinished game
complaint-result-mismatch = the result tag says { $declared } but the moves give { $actual }
complaint-unknown-variant = unknown variant '{ $name }' (known: mangala, kalah, oware, kalah_relay, congkak, togyz_kumalak, bestemshe)
complaint-seeds-per-house = { $variant } takes seeds_per_house { $allowed }, not { $seeds }
complaint-houses = kalah takes houses { $allowed }, not { $houses }
complaint-unknown-param = { $variant } has no parameter '{ $name }'
complaint-not-a-param = '{ $name }' is not a game parameter
complaint-bad-value = '{ $value }' is not a valid value for { $name }
complaint-not-solvable = { $ruleset } is not solvable here: kalah and mangala are (by the solver), kalah_relay and congkak (by the search); Oware's repetition rule makes its lines too many, and Togyz Kumalak and Bestemshe have no repetition rule at all, so a line may go round a cycle for ever
complaint-no-endgame-here = { $ruleset } is solved by the general search, which takes no endgame database
complaint-nothing-to-solve = the game is over: there is nothing to solve
complaint-other-rules = the endgame database is for { $database }, the position for { $position }
complaint-no-database = { $ruleset } has no endgame database: Kalah and Mangala have
complaint-no-bounds = { $ruleset } has no database of bounds: Oware has
complaint-database-too-large = an endgame database of { $seeds } seeds needs { $needed } bytes, more than the { $limit } allowed

## clap's refusals of a command line, worded by the client (English: clap's own)

argument-error = error: { $problem }
argument-error-value-missing = a value is required for '{ $arg }' but none was supplied
argument-error-invalid-value = invalid value '{ $value }' for '{ $arg }'
argument-error-unknown = unexpected argument '{ $arg }' found
argument-error-unknown-command = unrecognized subcommand '{ $command }'
argument-error-missing = the following required arguments were not provided:
argument-error-command-missing = '{ $command }' requires a subcommand but one was not provided
argument-error-twice = the argument '{ $arg }' cannot be used multiple times
argument-error-conflict = the argument '{ $arg }' cannot be used with '{ $other }'
argument-error-value-extra = unexpected value '{ $value }' for '{ $arg }' found; no more were expected
argument-error-value-count = { $expected } values required for '{ $arg }' but { $given } given
argument-error-no-equals = equal sign is needed when assigning values to '{ $arg }'
argument-error-other = the command line cannot be read
argument-error-not-a-number = a whole number in range is expected
argument-error-out-of-range = it must be in { $range }
argument-error-values = possible values: { $values }
argument-error-commands = subcommands: { $commands }
argument-error-similar-command = similar subcommands: '{ $similar }'
argument-error-similar-argument = similar arguments: '{ $similar }'
argument-error-similar-value = similar values: '{ $similar }'
argument-error-as-value = to pass '{ $arg }' as a value, use '-- { $arg }'
argument-error-no-dashes = subcommand '{ $command }' exists; to use it, remove the '--' before it
argument-error-under-command = '{ $command }' exists
argument-error-tip = tip: { $tip }
argument-error-more = For more information, try '--help'.

## --help: the commands' and options' texts (cmdline-SUB, cmdline-SUB-examples,
## cmdline-SUB-OPTION, else cmdline-OPTION) and clap's own words.
cmdline-usage = Usage:
cmdline-options = Options
cmdline-arguments = Arguments
cmdline-commands = Commands
cmdline-flag-help = Print help
cmdline-flag-version = Print version
cmdline-command-help = Print this message or the help of the given subcommand(s)
cmdline-command-help-command = The command whose help to print
cmdline-about = The `mancala` terminal client: play, watch, bots and replays.
cmdline-lang = The language to speak: en, tr, pl, ru or sl (default: the locale's, from LC_ALL, LC_MESSAGES or LANG; else English)
cmdline-play = Play: the lobby, seeks, quick pairing, challenges, and your matches
cmdline-play-examples =
    Examples:
      mancala play --name ann                 full screen: the lobby, then your matches
      mancala play --plain --name ann         line mode; type 'help' for the commands

    Keys (full screen): in the lobby ↑↓ Enter accept a seek or watch a match, s seek,
    p quick pairing, c challenge, y/n answer a challenge; in a match the house number
    (1-6, 1-7 in Congkak) or ←→ Enter to move, r resign, f forfeit, d draw, m rematch, t chat, l lobby; : any command; q quit.
cmdline-play-server = The server's WebSocket URL
cmdline-watch-server = { cmdline-play-server }
cmdline-lobby-server = { cmdline-play-server }
cmdline-bot-server = { cmdline-play-server }
cmdline-replay-server = Replay archived match FILE from this server (http://HOST:PORT, or its ws:// URL), every game board by board
cmdline-password-server = { cmdline-play-server }
cmdline-login-server = { cmdline-play-server }
cmdline-leaderboard-server = The server's WebSocket URL (or its http:// address)
cmdline-tournaments-server = { cmdline-leaderboard-server }
cmdline-profile-server = { cmdline-leaderboard-server }
cmdline-play-name = Your name (1-20 letters, digits, _ or -); the token saved for it brings the same player back. Without it: your user name and a short suffix (ann-3f2a), saved the same way and held while this process runs, so a second process gets a name of its own
cmdline-watch-name = { cmdline-play-name }
cmdline-lobby-name = { cmdline-play-name }
cmdline-bot-name = { cmdline-play-name }
cmdline-password-name = { cmdline-play-name }
cmdline-login-name = { cmdline-play-name }
cmdline-profile-name = The player's name (any case)
cmdline-play-plain = One line per event on stdout, commands on stdin (for scripts and screen readers)
cmdline-watch-plain = One line per event on stdout; ends when the match does
cmdline-no-bell = No bell when it becomes your move (full screen)
cmdline-watch = Watch a match; without MATCH, pick one from the live list
cmdline-watch-examples =
    Examples:
      mancala watch 31                        watch match 31
      mancala watch                           pick from the live matches
      mancala watch 31 --plain                one line per event, until the match ends
cmdline-match-id = The match to watch
cmdline-lobby = Print the lobby once and exit
cmdline-lobby-examples =
    Examples:
      mancala lobby
      mancala lobby --json --server ws://example.org:7878/ws
cmdline-lobby-json = The lobby snapshot as JSON
cmdline-analyze-json = One JSON array: per game its moves with their values and the worst plies
cmdline-solve-json = One JSON object instead of text
cmdline-bot = Play automatically through quick pairing until stopped, or in a tournament until it ends
cmdline-bot-examples =
    Examples:
      mancala bot --name botty
      mancala bot --level 8 --think-ms 2000   (the engine at full strength)
      mancala bot --variant kalah --games 3 --level random
      mancala bot --matches 1   (stop after one match)
      mancala bot --tournament 70   (enter tournament 70, play its boards, stop at its end)
cmdline-bot-variant = The game
cmdline-bot-tournament = Enter this tournament and play its boards instead of quick pairing (the game and clock are the tournament's); stop when it ends
cmdline-bot-code = A private tournament's code
cmdline-bot-berserk = In an arena that allows it, berserk every match: half the clock, no increment, a point more for a win
cmdline-solve-variant = The game: kalah, mangala, kalah_relay or congkak
cmdline-leaderboard-variant = The variant: mangala, kalah, oware, kalah_relay or congkak
cmdline-games = Games per match (1-9)
cmdline-time = Time control: untimed, MINUTES+SECONDS (3+2) or DAYSd (3d)
cmdline-level = How the bot plays: 1 (nearly random) to 8 (the engine at full strength, as the server's computer-8), random, or greedy
cmdline-think-ms = The longest the engine searches a move, in milliseconds (levels 1-8)
cmdline-matches = Stop after this many matches (default: never)
cmdline-replay = Replay a game: print the board after every move, or check games in bulk as JSON Lines, or replay an archived match from a server
cmdline-replay-examples =
    Examples:
      mancala replay game.txt
          Print the board after every move of a game record, and the result.

      mancala replay --server http://127.0.0.1:7878 31
          Every game of archived match 31, board by board, from the server's archive.

      echo '{"{"}"variant": "kalah", "moves": [3, 6, 1]{"}"}' | mancala replay --jsonl
          One line out per line in: {"{"}"positions": [...], "result": ...{"}"}, or
    {"      {"}"error": {"{"}"ply": k, "code": "...", "message": "..."{"}"}{"}"} at the first illegal
          move (ply counts moves from 1; null when the line itself is bad).

    JSON Lines input: {"{"}"variant": ID, "params": {"{"}...{"}"} (optional), "moves": [house numbers 1..m]{"}"}
    Variants: mangala, kalah, oware, kalah_relay, congkak. Blank lines are skipped.
    Error codes: malformed (not a game line), bad_ruleset (unknown variant or parameter),
    house_out_of_range, empty_house, must_feed, grand_slam, game_over.
cmdline-replay-file = A game record (see docs/RECORDS.md); with --jsonl, a JSON Lines file. `-` or nothing with --jsonl reads standard input. With --server: the match id
cmdline-analyze-file = A game record file (docs/RECORDS.md), one or more games; `-` reads standard input
cmdline-jsonl = Read one game per line as JSON and write one JSON result per line
cmdline-analyze = Review every move of a game record against the engine's best: each move's value and the best move's, searched to the same depth (exact where it sees the end), and the moves that lost the most
cmdline-analyze-examples =
    Examples:
      mancala analyze records/mangala-sample.txt
      mancala analyze game.txt --depth 14 --json
      curl -s http://127.0.0.1:7878/api/matches/31/record | mancala analyze -
cmdline-depth = How many plies each position is searched (1-254; extra turns count)
cmdline-solve = Solve a game: the value of its start position with perfect play (the first player's final seeds less the second's) and of each first move, with the positions searched, the time and the memory used. Kalah (every board, both capture rules) and Mangala by the solver with its endgame database and threads; the relay games (kalah_relay in seconds, congkak in minutes) by the general search, on one thread; Oware is refused in words (its repetition rule makes its lines too many)
cmdline-solve-examples =
    Examples:
      mancala solve kalah --houses 4 --seeds 3      Kalah(4,3), in a moment
      mancala solve kalah                           Kalah(6,4), the published +8
      mancala solve kalah --empty-capture           Kalah(6,4) with empty capture (+10)
      mancala solve kalah --value-only              the value and a best move, sooner
      mancala solve kalah --endgame-seeds 20        build and keep a larger database once:
                                                    later Kalah(6, n) solves read it (15 s)
      mancala solve mangala --json
      mancala solve kalah_relay                     the relay game, in seconds
      mancala solve congkak --table-mib 4096        Congkak, in minutes
cmdline-houses = Houses in each row (Kalah: 1-6; default 6)
cmdline-seeds = Seeds in each house at the start (Kalah: 1-6; default 4)
cmdline-empty-capture = Kalah's empty-capture rule: a lone seed in an empty own house opposite an empty house is banked
cmdline-capture-includes-last = The relay game's variant where a capture also banks the seed that made it
cmdline-empty-opposite = Congkak: what a last seed in an empty own house does when the house opposite is empty (nothing or last_to_store; default nothing)
cmdline-table-mib = Memory for the transposition table, in MiB (1-16384); by default 1024 for a board of 48 seeds (Kalah(6,4), Mangala), half for every two seeds fewer, at least 16
cmdline-endgame-seeds = Use an endgame database of every position with at most this many seeds in the houses, read from the cache or built and kept there (default: the largest one kept for these rules if that is more, else a third of the game's seeds, at most 16; within --endgame-mib; 0: none)
cmdline-endgame-mib = The most memory the endgame database may take, in MiB (0-65536)
cmdline-endgame-file = Read the endgame database from this file if it is there (it must hold these houses, capture rule and database seeds; the seeds per house may differ), else build it and save it there for the next solve
cmdline-endgame-dir = Where built endgame databases are kept for later solves, one file per board rules and size (default: $MANCALA_CACHE_DIR/endgame, else ~/.cache/mancala/endgame). Without --endgame-seeds a solve reads the largest one kept for its rules (within --endgame-mib) if it is larger than the default
cmdline-no-endgame-cache = Neither read nor keep endgame databases in the cache directory: build the database for this solve only
cmdline-value-only = The game's value and a best move only: each other first move is just shown to do no better (as a plain solver does), not given its own value
cmdline-threads = Threads building the endgame database and searching together, sharing the table (1-64; default: one per core)
cmdline-password = Protect your name with a password: it is then yours for good, and `mancala login` signs in with it on any device
cmdline-password-examples =
    Examples:
      mancala password --name ann
      echo 'correct horse battery' | mancala password --name ann --password-stdin
cmdline-password-stdin = Read the password from one line of standard input instead of the terminal
cmdline-login = Sign in with your name's password on this device; the new token is saved, so `mancala play --name NAME` is you from then on
cmdline-login-examples =
    Examples:
      mancala login --name ann
      mancala login --name ann --password-stdin < password.txt
cmdline-leaderboard = The best established ratings of one variant and speed
cmdline-leaderboard-examples =
    Examples:
      mancala leaderboard
      mancala leaderboard --variant kalah --speed correspondence
cmdline-speed = real_time or correspondence
cmdline-tournaments = The server's tournaments, the newest first; with ID, one of them: its standings and every round's boards and results
cmdline-tournaments-examples =
    Examples:
      mancala tournaments
      mancala tournaments 70
      mancala tournaments 71 --code 5f0c…

    To enter one, in mancala play: :join ID (and :withdraw ID, :tournament ID to follow it); a private one: :join ID CODE.
cmdline-id = The tournament
cmdline-tournaments-code = A private tournament's code (its director has it)
cmdline-profile = A player's ratings, record, rating history and recent matches
cmdline-profile-examples =
    Examples:
      mancala profile ann
