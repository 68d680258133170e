# Teksty klienta terminalowego po polsku (każdy komunikat z en.ftl jest i tutaj).
# Polecenia, klawisze i ustawienia (seek, y/n, games=5) są takie same w każdym języku.

## Liczby i jednostki

players-online = { $count ->
    [one] { $count } gracz
    [few] { $count } gracze
   *[many] { $count } graczy
} online
points-unit = { $shown } pkt
time-untimed = bez zegara
time-days = { $days ->
    [one] { $days } dzień na ruch
   *[other] { $days } dni na ruch
}
rated-suffix = , rankingowy
reconnecting = utracono połączenie; łączenie ponownie (próba { $attempt } z { $tries })
reconnected = połączono ponownie
error-line = błąd: { $message }

## Dlaczego partia lub mecz się skończyły

game-end-side_empty = rząd opustoszał
game-end-no_move = brak ruchu
game-end-majority = ponad połowa nasion w magazynie
game-end-repetition = powtórzenie pozycji
game-end-resign = poddanie
game-end-forfeit = walkower
game-end-timeout = koniec czasu
game-end-draw_agreed = remis za zgodą
game-end-claimed = przejęta po odejściu przeciwnika
game-end-abandoned = gracz nie wrócił
game-end-no_start = nie wykonano pierwszego ruchu na czas
match-end-completed = rozegrano wszystkie partie
match-end-decided = rozstrzygnięty przed czasem
match-end-forfeit = walkower
match-end-aborted = przerwany
challenge-closed-declined = odrzucone
challenge-closed-withdrawn = wycofane
challenge-closed-expired = wygasło
challenge-closed-player_left = gracz wyszedł
draw-offer-declined = propozycja remisu odrzucona
draw-offer-lapsed = propozycja remisu wygasła

## Tryb wierszowy (--plain): jeden wiersz na zdarzenie

plain-welcome = witaj, { $name } (gracz { $id })
plain-seek-open = oferta { $seek } otwarta
plain-private-seek-open = prywatna oferta { $seek } otwarta: podaj kod { $code }
plain-pool-joined = czekasz na przeciwnika
plain-challenge-sent = wyzwanie { $challenge } wysłane do { $name }
plain-challenge-received = wyzwanie { $challenge } od { $name }: { $ruleset }, partie: { $games } (yes { $challenge } / no { $challenge })
plain-challenge-closed = wyzwanie { $challenge } zamknięte: { $reason }
plain-match-started = mecz { $match_id } rozpoczęty: { $a } – { $b }, { $ruleset }, partie: { $games }, { $time }{ $rated }
plain-watching = oglądasz mecz { $match_id }: { $a } – { $b }, partia { $game }, punkty { $pa }-{ $pb }; { $board }
plain-game-started = mecz { $match_id }, partia { $game }: zaczyna { $name }
plain-move = mecz { $match_id }, partia { $game }, ruch { $ply }: { $name } gra dołek { $house }{ $captures }{ $again }; { $board }
plain-captures = , bije { $seeds }
plain-moves-again = , gra jeszcze raz
plain-wins = wygrywa { $name }
plain-draw = remis
plain-drawn = remis
plain-game-over = mecz { $match_id }, partia { $game } skończona: { $result } ({ $reason }); magazyny { $a } { $sa }, { $b } { $sb }; punkty { $a } { $pa }, { $b } { $pb }
plain-match-over = mecz { $match_id } skończony ({ $reason }): { $a } { $pa } - { $pb } { $b }, { $result }
plain-ratings = rankingi: { $a } { $ra }, { $b } { $rb }
plain-left = { $name } wyszedł (miejsce czeka)
plain-back = { $name } wrócił
plain-restarted = mecz { $match_id }: serwer uruchomiono ponownie; { $paused } s przerwy nie liczy się nikomu, a obaj gracze mają { $grace } s na powrót
plain-draw-offered = { $name } proponuje remis (draw przyjmuje, no-draw odrzuca)
plain-rematch-offered = { $name } proponuje rewanż (rematch przyjmuje)
plain-rematch-declined = rewanż odrzucony
plain-rematch-agreed = rewanż przyjęty: zaczyna się mecz { $match_id }
plain-chat-players = [gracze] { $name }: { $text }
plain-chat-spectators = [widzowie] { $name }: { $text }
plain-spectators = mecz { $match_id }: oglądających: { $count }
plain-your-move = twój ruch w meczu { $match_id }, partia { $game }, półruch { $ply }: dołki { $houses }
plain-tournament-created = turniej { $tournament } utworzony: { $name }, rundy: { $rounds }
plain-tournament = turniej { $tournament } ({ $name }): runda { $round } z { $rounds }, graczy: { $players }, prowadzi { $leader } ({ $points })
plain-open-seeks = otwarte oferty ({ $count }):
plain-seek = { "  " }oferta { $seek }: { $name }{ $rating } proponuje { $ruleset }, partie: { $games }, { $time }{ $rated }
plain-live-matches = mecze na żywo ({ $count }):
plain-live-match = { "  " }mecz { $match_id }: { $a } { $pa } - { $pb } { $b }, { $variant }, partia { $game } z { $games }, oglądających: { $watching }

## Poczekalnia na pełnym ekranie

lobby-title = { " " }Poczekalnia mankali{ " " }
lobby-signed-in = Zalogowano jako { $name }. Online: { $count }.
lobby-keys = ↑↓ wybór  Enter graj/przyjmij/oglądaj  s oferta  p szybkie parowanie  x przestań czekać  c wyzwanie  y/n odpowiedz na wyzwanie  : polecenie  q wyjście
lobby-challenge = Wyzwanie { $challenge } od { $name }: { $ruleset }, partie: { $games }, { $time }  (y przyjmij, n odrzuć)
lobby-in-pool = Czekasz na przeciwnika: { $variant }, partie: { $games }, { $time }  (x opuszcza kolejkę)
lobby-my-seek = Twoja oferta #{ $seek }: { $variant }, partie: { $games }, { $time }, czeka  (x anuluje najnowszą)
lobby-sent-challenge = Wyzwanie { $challenge } do { $name }: czeka na odpowiedź
lobby-your-matches = Twoje mecze (Enter, aby grać)
lobby-your-move = twój ruch
lobby-open-seeks = Otwarte oferty
lobby-live-matches = Mecze na żywo
lobby-none = (brak)
lobby-games = partie: { $games }
lobby-game-of = partia { $game }/{ $games }
lobby-watching = oglądających: { $count }
lobby-vs = –

## Mecz na pełnym ekranie

match-keys = 1-{ $houses } lub ←→ Enter ruch  r poddaj  f walkower  d remis  m rewanż  t czat  l poczekalnia  : polecenie  q wyjście
spectator-keys = t czat  l poczekalnia  : polecenie  q wyjście  (oglądasz)
match-header = Mecz { $match_id } · { $ruleset } · partia { $game } z { $games } · { $time } · oglądających: { $watching }
your-store = twój magazyn
store-of = magazyn: { $name }
to-move = ◀ na ruchu
to-move-first = ◀ na ruchu (pierwszy ruch: { $seconds } s)
away = (nieobecny)
chat-title = { " " }Czat{ " " }
chat-spectator = (widz){ " " }
status-your-move = Twój ruch: dołki { $houses }
status-to-move = Na ruchu: { $name }
status-between-games = Między partiami
status-last = { " " }· ostatnio: { $name } zagrał dołek { $house }{ $captures }{ $again }
status-draw-offered-to-you = { " " }· { $name } proponuje remis: naciśnij d, aby przyjąć, albo graj dalej
status-draw-offered = { " " }· { $name } proponuje remis
status-you-offered-draw = { " " }· zaproponowałeś remis
status-match-over = Mecz skończony ({ $reason }): { $a } { $pa } - { $pb } { $b }, { $result }{ $rematch }
status-match-won = mecz wygrywa { $name }
status-match-drawn = mecz kończy się remisem
status-rematch-offered-to-you = { " " }· { $name } proponuje rewanż: naciśnij m, aby przyjąć
status-rematch-offered = { " " }· { $name } proponuje rewanż
status-you-offered-rematch = { " " }· zaproponowałeś rewanż
error-status = błąd: { $message }

## Koniec partii na pełnym ekranie

result-title = { " " }Koniec partii{ " " }
result-heading = Partia { $game } z { $games } skończona · mecz { $match_id }
result-game-won = { $name } wygrywa partię { $game }
result-game-drawn = partia { $game } kończy się remisem
result-line = { $result } ({ $reason }) · magazyny: { $a } { $sa }, { $b } { $sb }
result-table-game = partia
result-table-first = zaczyna
result-table-winner = zwycięzca
result-table-draw = remis
result-points = punkty: { $a } { $pa }, { $b } { $pb }
any-key-go-on = dowolny klawisz: dalej

## Co się stało (wiersz stanu)

you = ty
told-resigned = { $who }: poddanie partii { $game }
told-timeout = { $who }: koniec czasu w partii { $game }
told-abandoned = { $who }: porzucenie partii { $game }
told-no-start = { $who }: brak pierwszego ruchu partii { $game } na czas
told-claimed = partia { $game } przejęta od gracza { $who }, który był nieobecny
told-draw-agreed = partia { $game }: remis za zgodą
told-forfeited = { $who }: walkower w meczu
told-aborted = mecz przerwano

## Klawisze i pytania

hint-challenge = y przyjmuje wyzwanie, n je odrzuca
confirm-resign = Poddać partię { $game }? (y/n)
confirm-forfeit = Oddać mecz walkowerem, przegrywając wszystkie pozostałe partie? (y/n)
confirm-quit = Wyjść w trakcie partii? Twój zegar dalej biegnie. (y/n)
cancelled = anulowano
watching-keys = oglądasz: t czat, l poczekalnia, : polecenie, q wyjście
seek-cancelled = oferta { $seek } anulowana
left-pool = opuściłeś kolejkę
nothing-to-cancel = nie ma czego anulować: nie czekasz
declined-challenge = odrzuciłeś wyzwanie { $challenge }
no-challenge-waiting = żadne wyzwanie nie czeka
connection-lost-final = utracono połączenie: { $error } — q kończy
help-title = { " " }Pomoc{ " " }
help-close = dowolny klawisz: zamknij pomoc

## Lista poleceń (help): polecenia wpisuje się tak, jak są pokazane

help-commands = polecenia:
help-pool = szybkie parowanie według rankingu
help-tournaments = turniej T
help-move = siej z dołka N (1 = twój skrajny lewy)
help-say = czat
help-variants = gry:
help-parameters = parametry (najpierw domyślne):
help-time = czas: untimed (bez zegara), M+S (3+2: 3 minuty, 2 s na ruch), Nd (N dni na ruch)
help-rated = rated: mecz zmienia rankingi obu graczy (tylko mecze z zegarem); inaczej towarzyski
help-range = range=1400-1700: ofertę widzą tylko gracze z takim rankingiem (w grze i tempie oferty)

## Wpisane polecenia, których nie da się wysłać

command-unknown = nieznane polecenie „{ $word }” (wpisz help)
command-usage = użycie: { $usage }
command-challenge-whom = kogo wyzwać? challenge NAZWA
command-not-in-match = nie jesteś w meczu
command-not-playing = nie grasz meczu
command-bad-range = { $word }: użyj range=MIN-MAX, range=MIN- albo range=-MAX

## Połączenie i konto

cannot-reach = nie można połączyć się z { $url }: { $reason }
refused = serwer odmówił zalogowania: { $reason }
connection-lost = utracono połączenie
name-taken = nazwa { $name } należy do innego gracza; wybierz inną przez --name
token-forgotten = serwer nie znał już twojego zapisanego tokenu; zalogowano ponownie jako { $name }
needs-name = mancala { $command } dotyczy jednej nazwy: podaj ją przez --name NAZWA
watch-plain-needs-match = z --plain podaj mecz do oglądania (mancala lobby je wymienia)
password-prompt = Hasło:{ " " }
password-again = Jeszcze raz:{ " " }
password-unread = nie można odczytać hasła: { $error }
password-no-terminal = nie można odczytać hasła z terminala ({ $error }); użyj --password-stdin
passwords-differ = hasła się różnią; nic nie zmieniono
password-length = hasło ma od 8 do 256 bajtów
no-answer = serwer nie odpowiedział
url-no-answer = { $url } nie odpowiada
cannot-connect = nie można połączyć się z { $url }: { $error }
server-closed = serwer zamknął połączenie
password-set = { $name } ma teraz hasło: nazwa jest twoja na stałe, a `mancala login --name { $name }` loguje na każdym urządzeniu
signed-in-saved = zalogowano jako { $name }; to urządzenie jest od teraz { $name }
signed-in-unsaved = zalogowano jako { $name }, ale nie ma gdzie zapisać tokenu

## Ranking i profil

speed-real_time = na żywo
speed-correspondence = korespondencyjnie
leaderboard-title = { $variant }, { $speed }: ranking
leaderboard-empty = { $title }: jeszcze nikt (ranking pojawia się, gdy jest ustalony: odchylenie 110 lub mniej)
leaderboard-columns = miejsce  nazwa               ranking  ±odch  partie
profile-no-rated = jeszcze żadnego meczu rankingowego
profile-rating = { $variant }, { $speed }: { $rating } (±{ $deviation }, { $games ->
    [one] { $games } partia
    [few] { $games } partie
   *[many] { $games } partii
})
profile-tally = wygrane { $won }, remisy { $drawn }, przegrane { $lost }
profile-games = partie: { $tally }
profile-matches = mecze: { $tally }
profile-history = historia rankingu (od najstarszych):
profile-history-row = mecz { $match_id } { $variant }, { $speed }: { $before } → { $after }
profile-recent = ostatnie mecze:
profile-recent-row = mecz { $match_id } { $players }  { $points }
profile-live = trwa

## Tournaments (mancala tournaments)

tournaments-none = Nie ma jeszcze turniejów.
tournaments-line = #{ $tournament } { $name } · { $settings } · { $stage } · runda { $round } z { $rounds } · graczy: { $players }
tournament-heading = { $name } (#{ $tournament }), dyrektor { $director }: { $settings }; rundy: { $rounds }; { $stage }
tournament-columns = miejsce nazwa                pkt      partie    S-B  Buchholz
tournament-withdrawn = (wycofał się)
tournament-round = runda { $round }:
tournament-forfeit = { $first }-{ $second } walkowerem
tournament-playing = trwa
tournament-match = mecz { $match_id }
tournament-bye = pauza: { $name }
stage-waiting = zapisy
stage-playing = trwa runda
stage-between_rounds = przerwa między rundami
stage-over = zakończony
