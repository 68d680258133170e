# The server's refusals, one sentence per error code (protocol::wire::ErrorCode),
# shown by the clients in languages other than English (in English they show
# the server's own words, which name the detail). Shared by the browser client
# (served with its messages) and the terminal client.

## The server's refusals by their code

refusal-malformed = The server could not read what was sent.
refusal-unknown_type = The server does not know that request.
refusal-invalid_field = The server refused a request it was sent.
refusal-binary_frame = The server takes text only.
refusal-hello_required = Sign in first.
refusal-already_hello = You are already signed in on this connection.
refusal-protocol_version = This client is older than the server: reload the page or update the client.
refusal-invalid_name = That name cannot be used: 1 to 20 letters or digits, _ or -, in one script.
refusal-name_taken = That name, or one that looks like it, belongs to another player.
refusal-unknown_token = The server no longer knows this sign-in: sign in again.
refusal-bad_credentials = No player has that name and password.
refusal-invalid_password = A password is 8 to 256 bytes long.
refusal-invalid_settings = Those settings are not offered.
refusal-too_many_seeks = You have as many open seeks as you may: cancel one first.
refusal-no_such_seek = That seek is no longer open.
refusal-own_seek = That is your own seek.
refusal-already_in_pool = You are already waiting for a quick pairing.
refusal-not_in_pool = You are not waiting for a quick pairing.
refusal-no_such_player = Nobody by that name is online.
refusal-self_challenge = You cannot challenge yourself.
refusal-no_such_challenge = That challenge is no longer waiting.
refusal-no_such_match = That match is not live.
refusal-not_a_player = You do not play in that match.
refusal-not_your_turn = It is not your move.
refusal-illegal_move = That move is not allowed here.
refusal-stale_ply = That move was already played.
refusal-wrong_ply = That is not the next move.
refusal-wrong_game = That game is not being played.
refusal-game_over = That game is already over.
refusal-match_over = The match is over.
refusal-too_late_to_abort = Too late to abort: the match has had a move.
refusal-already_playing = You are already playing a real-time match.
refusal-too_many_matches = One of you already plays as many live matches as allowed.
refusal-no_draw_offer = Your opponent has not offered a draw.
refusal-already_offered = Your offer is still waiting for an answer.
refusal-cannot_claim = You cannot claim the game now: your opponent is here or has not been away long enough.
refusal-cannot_berserk = You cannot berserk here: only in an arena that allows it, before your first move of the match's first game, once.
refusal-cannot_abort = A tournament's match cannot be aborted: it counts, so play it, resign or forfeit.
refusal-cannot_rematch = A tournament's match has no rematch: the tournament pairs you next.
refusal-match_not_over = The match has not ended yet.
refusal-no_rematch_offer = Your opponent has not offered a rematch.
refusal-chat_empty = Write something first.
refusal-chat_too_long = That message is too long.
refusal-rate_limited = Too many requests at once: wait a moment and try again.
refusal-too_many_challenges = Too many challenges are waiting: wait for an answer first.
refusal-too_many_watched = You are watching as many matches as you may.
refusal-already_watching = You are already watching that match.
refusal-not_watching = You are not watching that match.
refusal-unavailable = The server cannot save anything just now: nothing changed; try again later.
refusal-no_such_tournament = There is no such tournament.
refusal-tournament_refused = The tournament refuses that.
refusal-password_needed = Protect your name with a password to create a tournament.
