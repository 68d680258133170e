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
lobby-live-matches = Live matches
lobby-none = (none)
lobby-games = { $games } games
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
