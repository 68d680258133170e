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
plain-berserked = { $name } wybiera berserka: pół czasu i bez dodawania w tym meczu, punkt więcej na arenie za wygraną
plain-rematch-offered = { $name } proponuje rewanż (rematch przyjmuje)
plain-rematch-declined = rewanż odrzucony
plain-rematch-agreed = rewanż przyjęty: zaczyna się mecz { $match_id }
plain-chat-players = [gracze] { $name }: { $text }
plain-chat-spectators = [widzowie] { $name }: { $text }
plain-spectators = mecz { $match_id }: oglądających: { $count }
plain-your-move = twój ruch w meczu { $match_id }, partia { $game }, półruch { $ply }: dołki { $houses }
plain-tournament-created = turniej { $tournament } utworzony: { $name }, rundy: { $rounds }
plain-tournament-code = prywatny: gracze dołączają przez: join { $tournament } { $code }
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
lobby-tournaments = Turnieje (join T, by się zapisać, tournament T, by śledzić; mancala tournaments T pokazuje tabelę)
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
refused-request = serwer odmówił: { $reason }
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
server-closed-because = serwer zamknął połączenie: { $reason }
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
arenas-line = #{ $tournament } { $name } · arena, { $minutes } min · { $settings } · { $stage } · graczy: { $players }
arena-heading = { $name } (#{ $tournament }), dyrektor { $director }: arena na { $minutes } min, { $settings }; { $stage }
arena-berserk-allowed = berserk dozwolony
arena-columns = miejsce nazwa                pkt     mecze    punkty za każdy mecz
arena-on-fire = (w ogniu)
arena-left = (odszedł)
arena-matches = mecze (trwające, potem ostatnie zakończone):
arena-berserked = [B]
stage-arena-playing = trwa

## --help: the commands' and options' texts (cmdline-SUB, cmdline-SUB-examples,
## Narzędzia silnika: mancala replay, analyze i solve

diagram-house = P{ $side } dołek
diagram-seeds = P{ $side } nasiona
diagram-store = P{ $side } magazyn
diagram-to-move = (ruch gracza { $side })
diagram-over = (koniec gry: { $reason })
replay-start = Początek
replay-move = Ruch { $ply }: gracz { $side } gra dołek { $house }
replay-relays = { $count ->
    [one] { $count } sztafeta
    [few] { $count } sztafety
   *[other] { $count } sztafet
}
replay-captures = bicie: { $seeds }
replay-extra-turn = dodatkowy ruch
replay-tuzdik = dołek { $house } gracza { $owner } staje się tuzdikiem gracza { $by }
replay-game-over = koniec gry ({ $reason })
replay-sweep = gracz { $to } zabiera { $seeds } pozostałych w rzędzie gracza { $from }
replay-result-won = Wynik: { $first }-{ $second }, wygrywa gracz { $side } ({ $reason })
replay-result-draw = Wynik: { $first }-{ $second }, remis ({ $reason })
replay-unfinished = Niedokończona: ruch gracza { $side }
replay-no-file = podaj zapis partii do odtworzenia albo użyj --jsonl, by czytać JSON Lines (zob. --help)
replay-no-match-id = podaj numer meczu do odtworzenia: mancala replay --server URL MATCH_ID
replay-bad-record = zapisu partii { $game } z serwera nie da się odczytać: { $problem }
analyze-heading = Partia { $game }: { $variant } ({ $ruleset }), każda pozycja przeszukana na { $depth } półruchów; wartość to magazyn grającego minus magazyn przeciwnika, na ile sięgnęło przeszukiwanie (* gdzie sięgnęło końca: dokładna)
analyze-ply = półruch
analyze-side = strona
analyze-played = zagrany
analyze-value = wartość
analyze-best-move = najlepszy
analyze-loss = strata
analyze-class = ocena
analyze-expected = oczekiwana linia
analyze-best = najlepszy
analyze-inaccuracy = niedokładność
analyze-mistake = błąd
analyze-blunder = gruby błąd
analyze-nothing-lost = Na tej głębokości żaden ruch niczego nie stracił.
analyze-worst-move = półruch { $ply } (strona { $side }, dołek { $played } zamiast { $best }: { $seeds ->
    [one] { $seeds } nasiono
    [few] { $seeds } nasiona
   *[other] { $seeds } nasion
})
analyze-worst = Ruchy, które straciły najwięcej: { $moves }.
solve-starting = rozwiązywanie { $ruleset } od początku
solve-starting-search = rozwiązywanie { $ruleset } od początku (ogólne przeszukiwanie: bez bazy końcówek)
solve-one-thread = uwaga: { $ruleset } rozwiązuje ogólne przeszukiwanie, na jednym wątku
solve-level = baza końcówek: gotowe { $level } z { $seeds } nasion (pozycje: { $positions }, { $seconds } s)
solve-built = baza końcówek: każda pozycja z najwyżej { $seeds } nasionami w dołkach, { $mib } MiB, zbudowana w { $seconds } s
solve-read = baza końcówek: każda pozycja z najwyżej { $seeds } nasionami w dołkach, { $mib } MiB, odczytana z { $path } w { $seconds } s
solve-saved = baza końcówek: zapisana w { $path }
solve-kept = baza końcówek: zachowana w { $path } na następne rozwiązywanie
solve-not-kept = uwaga: bazy końcówek nie zachowano: { $problem }
solve-rebuilding = uwaga: { $problem }; buduję ją od nowa
solve-file-problem = plik bazy końcówek { $path }: { $problem }
solve-progress = przeszukane pozycje: { $positions } ({ $seconds } s)
solve-first-move = dołek { $house }: { $value } (pozycje: { $positions }, { $seconds } s)
solve-value = { $ruleset }: { $value } przy doskonałej grze (końcowe nasiona pierwszego gracza minus drugiego); najlepszy pierwszy ruch: dołek { $houses }
solve-value-only = rozwiązane (żaden inny pierwszy ruch nie jest lepszy)
solve-each-move = każdy pierwszy ruch
solve-move-value = dołek { $house }: { $value }
solve-hits = { $hits } z bazy końcówek
solve-searched = przeszukane pozycje: { $positions }{ $hits }, wątki: { $threads }; czas: { $seconds } s
solve-memory = pamięć: tablica { $mib } MiB (wpisy: { $entries }), { $database }
solve-no-database = bez bazy końcówek
solve-database = baza końcówek { $mib } MiB (do { $seeds } nasion)

## Czego odmawiają zasady i silnik

complaint-at-line = wiersz { $line }: { $said }
complaint-house-out-of-range = nie ma dołka { $number }: dołki mają numery od 1 do { $houses }
complaint-empty-house = dołek { $number } jest pusty
complaint-must-feed = dołek { $number } nie sięga pustego rzędu przeciwnika, a przeciwnika trzeba nakarmić
complaint-grand-slam = dołek { $number } zabrałby wszystkie nasiona przeciwnika (wielki szlem), a to niedozwolone, gdy jest inny ruch
complaint-game-over = gra już się skończyła
complaint-bad-tag = znacznik zapisuje się [nazwa "wartość"]
complaint-duplicate-tag = znacznik '{ $name }' podano dwa razy
complaint-tag-after-moves = znaczniki muszą stać przed ruchami
complaint-missing-variant = zapis nie ma znacznika [variant "..."]
complaint-bad-move-token = '{ $token }' nie jest ruchem (ruchy to numery dołków, np. 3, w obrębie tury łączone przecinkami: 3,6)
complaint-round-number = runda { $found }. stoi tam, gdzie oczekiwano rundy { $expected }.
complaint-illegal-move = ruch { $ply } (dołek { $number }) jest niedozwolony: { $why }
complaint-turn-ends-early = ruch { $ply } kończy turę (bez dodatkowego ruchu), więc następny ruch należy do tury drugiego gracza: wstaw spację, nie przecinek
complaint-turn-incomplete = ruch { $ply } daje dodatkowy ruch, więc ten sam gracz gra znowu: połącz następny ruch przecinkiem
complaint-wrong-label = ruch { $ply } zapisano jako { $written }, ale dołek { $number } daje tu { $played }
complaint-bad-result = wynik '{ $value }' zapisuje się jak 27-21 albo * dla gry niedokończonej
complaint-result-mismatch = znacznik wyniku mówi { $declared }, a ruchy dają { $actual }
complaint-unknown-variant = nieznany wariant '{ $name }' (znane: mangala, kalah, oware, kalah_relay, congkak, togyz_kumalak, bestemshe)
complaint-seeds-per-house = { $variant } przyjmuje seeds_per_house { $allowed }, nie { $seeds }
complaint-houses = kalah przyjmuje houses { $allowed }, nie { $houses }
complaint-unknown-param = { $variant } nie ma parametru '{ $name }'
complaint-not-a-param = '{ $name }' nie jest parametrem gry
complaint-bad-value = '{ $value }' nie jest poprawną wartością dla { $name }
complaint-not-solvable = { $ruleset } nie da się tu rozwiązać: kalah i mangala tak (solwerem), kalah_relay i congkak (przeszukiwaniem); zasada powtórzeń Oware daje zbyt wiele linii, a Togyz Kumalak i Bestemshe nie mają jej wcale, więc linia może krążyć w nieskończoność
complaint-no-endgame-here = { $ruleset } rozwiązuje ogólne przeszukiwanie, które nie bierze bazy końcówek
complaint-nothing-to-solve = gra się skończyła: nie ma czego rozwiązywać
complaint-other-rules = baza końcówek jest dla { $database }, pozycja dla { $position }
complaint-no-database = { $ruleset } nie ma bazy końcówek: mają ją Kalah i Mangala
complaint-no-bounds = { $ruleset } nie ma bazy ograniczeń: ma ją Oware
complaint-database-too-large = baza końcówek do { $seeds } nasion potrzebuje { $needed } bajtów, więcej niż dozwolone { $limit }

## Odmowy wiersza poleceń (clap), słowami klienta

argument-error = błąd: { $problem }
argument-error-value-missing = '{ $arg }' wymaga wartości, a nie podano żadnej
argument-error-invalid-value = nieprawidłowa wartość '{ $value }' dla '{ $arg }'
argument-error-unknown = nieoczekiwany argument '{ $arg }'
argument-error-unknown-command = nieznane polecenie '{ $command }'
argument-error-missing = nie podano wymaganych argumentów:
argument-error-command-missing = '{ $command }' wymaga polecenia, a nie podano żadnego
argument-error-twice = argumentu '{ $arg }' nie można użyć więcej niż raz
argument-error-conflict = argumentu '{ $arg }' nie można użyć razem z '{ $other }'
argument-error-value-extra = nieoczekiwana wartość '{ $value }' dla '{ $arg }'; więcej nie oczekiwano
argument-error-value-count = '{ $arg }' wymaga wartości: { $expected }, podano: { $given }
argument-error-no-equals = wartość dla '{ $arg }' trzeba podać po znaku równości
argument-error-other = nie da się odczytać wiersza poleceń
argument-error-not-a-number = oczekiwano liczby całkowitej z zakresu
argument-error-out-of-range = musi mieścić się w { $range }
argument-error-values = możliwe wartości: { $values }
argument-error-commands = polecenia: { $commands }
argument-error-similar-command = podobne polecenia: '{ $similar }'
argument-error-similar-argument = podobne argumenty: '{ $similar }'
argument-error-similar-value = podobne wartości: '{ $similar }'
argument-error-as-value = aby podać '{ $arg }' jako wartość, użyj '-- { $arg }'
argument-error-no-dashes = polecenie '{ $command }' istnieje; aby go użyć, usuń '--' przed nim
argument-error-under-command = istnieje '{ $command }'
argument-error-tip = wskazówka: { $tip }
argument-error-more = Więcej informacji: '--help'.

## cmdline-SUB-OPTION, else cmdline-OPTION) and clap's own words.
cmdline-usage = Użycie:
cmdline-options = Opcje
cmdline-arguments = Argumenty
cmdline-commands = Polecenia
cmdline-flag-help = Pokaż pomoc
cmdline-flag-version = Pokaż wersję
cmdline-command-help = Pokaż tę pomoc albo pomoc podanego polecenia
cmdline-command-help-command = Polecenie, którego pomoc pokazać
cmdline-about = Terminalowy klient `mancala`: gra, oglądanie, boty i powtórki.
cmdline-lang = Język: en, tr, pl, ru lub sl (domyślnie język ustawień regionalnych, z LC_ALL, LC_MESSAGES lub LANG; inaczej angielski)
cmdline-play = Graj: poczekalnia, oferty gry, szybkie kojarzenie, wyzwania i twoje mecze
cmdline-play-examples =
    Przykłady:
      mancala play --name ann                 pełny ekran: poczekalnia, potem twoje mecze
      mancala play --plain --name ann         tryb wierszowy; wpisz 'help', by zobaczyć polecenia

    Klawisze (pełny ekran): w poczekalni ↑↓ Enter przyjmuje ofertę lub otwiera mecz do oglądania,
    s oferta, p szybkie kojarzenie, c wyzwanie, y/n odpowiedź na wyzwanie; w meczu numer dołka
    (1-6, 1-7 w Congkak) albo ←→ Enter, by zagrać, r poddanie, f walkower, d remis, m rewanż, t czat, l poczekalnia; : dowolne polecenie; q wyjście.
cmdline-play-server = Adres WebSocket serwera
cmdline-watch-server = { cmdline-play-server }
cmdline-lobby-server = { cmdline-play-server }
cmdline-bot-server = { cmdline-play-server }
cmdline-replay-server = Odtwórz zarchiwizowany mecz FILE z tego serwera (http://HOST:PORT albo jego adres ws://), każdą partię plansza po planszy
cmdline-password-server = { cmdline-play-server }
cmdline-login-server = { cmdline-play-server }
cmdline-leaderboard-server = Adres WebSocket serwera (albo jego adres http://)
cmdline-tournaments-server = { cmdline-leaderboard-server }
cmdline-profile-server = { cmdline-leaderboard-server }
cmdline-play-name = Twoje imię (1-20 liter, cyfr, _ lub -); zapisany dla niego token przywraca tego samego gracza. Bez niego: twoja nazwa użytkownika z krótkim dopiskiem (ann-3f2a), zapisana tak samo i zajęta, póki działa ten proces, więc drugi proces dostaje własne imię
cmdline-watch-name = { cmdline-play-name }
cmdline-lobby-name = { cmdline-play-name }
cmdline-bot-name = { cmdline-play-name }
cmdline-password-name = { cmdline-play-name }
cmdline-login-name = { cmdline-play-name }
cmdline-profile-name = Imię gracza (wielkość liter bez znaczenia)
cmdline-play-plain = Jeden wiersz na zdarzenie na stdout, polecenia na stdin (dla skryptów i czytników ekranu)
cmdline-watch-plain = Jeden wiersz na zdarzenie na stdout; kończy się z końcem meczu
cmdline-no-bell = Bez dzwonka, gdy przychodzi twój ruch (pełny ekran)
cmdline-watch = Oglądaj mecz; bez MATCH wybierz go z listy trwających
cmdline-watch-examples =
    Przykłady:
      mancala watch 31                        oglądaj mecz 31
      mancala watch                           wybierz spośród trwających meczów
      mancala watch 31 --plain                jeden wiersz na zdarzenie, do końca meczu
cmdline-match-id = Mecz do oglądania
cmdline-lobby = Wypisz poczekalnię raz i zakończ
cmdline-lobby-examples =
    Przykłady:
      mancala lobby
      mancala lobby --json --server ws://example.org:7878/ws
cmdline-lobby-json = Stan poczekalni jako JSON
cmdline-analyze-json = Jedna tablica JSON: dla każdej partii jej ruchy z wartościami i najgorsze półruchy
cmdline-solve-json = Jeden obiekt JSON zamiast tekstu
cmdline-bot = Graj automatycznie przez szybkie kojarzenie aż do zatrzymania albo w turnieju aż do jego końca
cmdline-bot-examples =
    Przykłady:
      mancala bot --name botty
      mancala bot --level 8 --think-ms 2000   (silnik z pełną siłą)
      mancala bot --variant kalah --games 3 --level random
      mancala bot --matches 1   (zakończ po jednym meczu)
      mancala bot --tournament 70   (zapisz się do turnieju 70, graj jego partie, zakończ z jego końcem)
cmdline-bot-variant = Gra
cmdline-bot-tournament = Zapisz się do tego turnieju i graj jego partie zamiast szybkiego kojarzenia (gra i zegar są turnieju); zakończ, gdy się skończy
cmdline-bot-code = Kod prywatnego turnieju
cmdline-bot-berserk = Na arenie, która na to pozwala, berserk w każdym meczu: pół czasu, bez dodawania, punkt więcej za wygraną
cmdline-solve-variant = Gra: kalah, mangala, kalah_relay lub congkak
cmdline-leaderboard-variant = Odmiana: mangala, kalah, oware, kalah_relay lub congkak
cmdline-games = Partie w meczu (1-9)
cmdline-time = Tempo gry: untimed, MINUTY+SEKUNDY (3+2) lub DNId (3d)
cmdline-level = Jak gra bot: od 1 (prawie losowo) do 8 (silnik z pełną siłą, jak computer-8 serwera), random albo greedy
cmdline-think-ms = Najdłuższy czas szukania ruchu przez silnik, w milisekundach (poziomy 1-8)
cmdline-matches = Zakończ po tylu meczach (domyślnie: nigdy)
cmdline-replay = Odtwórz partię: wypisz planszę po każdym ruchu, sprawdź wiele partii naraz jako JSON Lines albo odtwórz zarchiwizowany mecz z serwera
cmdline-replay-examples =
    Przykłady:
      mancala replay game.txt
          Wypisz planszę po każdym ruchu zapisu partii, i wynik.

      mancala replay --server http://127.0.0.1:7878 31
          Każda partia zarchiwizowanego meczu 31, plansza po planszy, z archiwum serwera.

      echo '{"{"}"variant": "kalah", "moves": [3, 6, 1]{"}"}' | mancala replay --jsonl
          Jeden wiersz wyjścia na każdy wiersz wejścia: {"{"}"positions": [...], "result": ...{"}"}, albo
    {"      {"}"error": {"{"}"ply": k, "code": "...", "message": "..."{"}"}{"}"} przy pierwszym niedozwolonym
          ruchu (ply liczy ruchy od 1; null, gdy błędny jest sam wiersz).

    Wejście JSON Lines: {"{"}"variant": ID, "params": {"{"}...{"}"} (opcjonalnie), "moves": [numery dołków 1..m]{"}"}
    Odmiany: mangala, kalah, oware, kalah_relay, congkak. Puste wiersze są pomijane.
    Kody błędów: malformed (to nie wiersz partii), bad_ruleset (nieznana odmiana lub parametr),
    house_out_of_range, empty_house, must_feed, grand_slam, game_over.
cmdline-replay-file = Zapis partii (zob. docs/RECORDS.md); z --jsonl plik JSON Lines. `-` albo nic z --jsonl czyta standardowe wejście. Z --server: numer meczu
cmdline-jsonl = Czytaj jedną partię na wiersz jako JSON i pisz jeden wynik JSON na wiersz
cmdline-analyze = Oceń każdy ruch zapisu partii względem najlepszego ruchu silnika: wartość ruchu i najlepszego, przeszukane na tę samą głębokość (dokładnie, gdy widać koniec), oraz ruchy, które straciły najwięcej
cmdline-analyze-examples =
    Przykłady:
      mancala analyze records/mangala-sample.txt
      mancala analyze game.txt --depth 14 --json
      curl -s http://127.0.0.1:7878/api/matches/31/record | mancala analyze -
cmdline-analyze-file = Plik z zapisem partii (docs/RECORDS.md), jedną lub wieloma; `-` czyta standardowe wejście
cmdline-depth = Na ile półruchów przeszukiwana jest każda pozycja (1-254; dodatkowe tury się liczą)
cmdline-solve = Rozwiąż grę: wartość pozycji początkowej przy idealnej grze (końcowe ziarna pierwszego gracza minus drugiego) i każdego pierwszego ruchu, z liczbą przeszukanych pozycji, czasem i użytą pamięcią. Kalah (każda plansza, obie zasady bicia) i Mangala przez solwer z bazą końcówek i wątkami; gry sztafetowe (kalah_relay w sekundy, congkak w minuty) przez ogólne przeszukiwanie, na jednym wątku; Oware jest odrzucane z wyjaśnieniem (zasada powtórzeń daje za dużo wariantów)
cmdline-solve-examples =
    Przykłady:
      mancala solve kalah --houses 4 --seeds 3      Kalah(4,3), w chwilę
      mancala solve kalah                           Kalah(6,4), opublikowane +8
      mancala solve kalah --empty-capture           Kalah(6,4) z biciem z pustego dołka (+10)
      mancala solve kalah --value-only              wartość i jeden najlepszy ruch, szybciej
      mancala solve kalah --endgame-seeds 20        zbuduj i zachowaj raz większą bazę:
                                                    późniejsze rozwiązania Kalah(6, n) ją czytają (15 s)
      mancala solve mangala --json
      mancala solve kalah_relay                     gra sztafetowa, w sekundy
      mancala solve congkak --table-mib 4096        Congkak, w minuty
cmdline-houses = Dołki w każdym rzędzie (Kalah: 1-6; domyślnie 6)
cmdline-seeds = Ziarna w każdym dołku na początku (Kalah: 1-6; domyślnie 4)
cmdline-empty-capture = Zasada bicia z pustego dołka w Kalah: samotne ziarno we własnym pustym dołku naprzeciw pustego dołka trafia do magazynu
cmdline-capture-includes-last = Odmiana gry sztafetowej, w której bicie zabiera też ziarno, które je dało
cmdline-empty-opposite = Congkak: co robi ostatnie ziarno we własnym pustym dołku, gdy dołek naprzeciw jest pusty (nothing lub last_to_store; domyślnie nothing)
cmdline-table-mib = Pamięć tablicy transpozycji, w MiB (1-16384); domyślnie 1024 dla planszy z 48 ziarnami (Kalah(6,4), Mangala), o połowę mniej na każde dwa ziarna mniej, co najmniej 16
cmdline-endgame-seeds = Użyj bazy końcówek ze wszystkimi pozycjami o co najwyżej tylu ziarnach w dołkach, czytanej z pamięci podręcznej albo tam zbudowanej i zachowanej (domyślnie: największa zachowana dla tych zasad, jeśli większa, inaczej trzecia część ziaren gry, najwyżej 16; w granicach --endgame-mib; 0: bez bazy)
cmdline-endgame-mib = Najwięcej pamięci, jaką może zająć baza końcówek, w MiB (0-65536)
cmdline-endgame-file = Czytaj bazę końcówek z tego pliku, jeśli istnieje (musi mieć te dołki, zasadę bicia i liczbę ziaren bazy; ziarna w dołku mogą się różnić), inaczej zbuduj ją i zapisz tam na następne rozwiązanie
cmdline-endgame-dir = Gdzie przechowywane są zbudowane bazy końcówek na następne rozwiązania, jeden plik na zasady i rozmiar planszy (domyślnie: $MANCALA_CACHE_DIR/endgame, inaczej ~/.cache/mancala/endgame). Bez --endgame-seeds rozwiązanie czyta największą zachowaną dla swoich zasad (w granicach --endgame-mib), jeśli jest większa niż domyślna
cmdline-no-endgame-cache = Nie czytaj ani nie zachowuj baz końcówek w katalogu pamięci podręcznej: zbuduj bazę tylko dla tego rozwiązania
cmdline-value-only = Tylko wartość gry i jeden najlepszy ruch: o każdym innym pierwszym ruchu pokazane jest tylko, że nie jest lepszy (jak w zwykłym solwerze), bez jego własnej wartości
cmdline-threads = Wątki budujące bazę końcówek i szukające razem, dzielące tablicę (1-64; domyślnie: jeden na rdzeń)
cmdline-password = Chroń swoje imię hasłem: jest wtedy twoje na dobre, a `mancala login` loguje nim na każdym urządzeniu
cmdline-password-examples =
    Przykłady:
      mancala password --name ann
      echo 'correct horse battery' | mancala password --name ann --password-stdin
cmdline-password-stdin = Czytaj hasło z jednego wiersza standardowego wejścia zamiast z terminala
cmdline-login = Zaloguj się hasłem swojego imienia na tym urządzeniu; nowy token jest zapisywany, więc od tej pory `mancala play --name IMIĘ` to ty
cmdline-login-examples =
    Przykłady:
      mancala login --name ann
      mancala login --name ann --password-stdin < password.txt
cmdline-leaderboard = Najlepsze ustalone rankingi jednej odmiany i tempa
cmdline-leaderboard-examples =
    Przykłady:
      mancala leaderboard
      mancala leaderboard --variant kalah --speed correspondence
cmdline-speed = real_time lub correspondence
cmdline-tournaments = Turnieje serwera, od najnowszego; z ID jeden z nich: tabela i plansze oraz wyniki każdej rundy
cmdline-tournaments-examples =
    Przykłady:
      mancala tournaments
      mancala tournaments 70
      mancala tournaments 71 --code 5f0c…

    Aby się zapisać, w mancala play: :join ID (oraz :withdraw ID, :tournament ID, by go śledzić); do prywatnego: :join ID KOD.
cmdline-id = Turniej
cmdline-tournaments-code = Kod prywatnego turnieju (ma go dyrektor)
cmdline-profile = Rankingi gracza, bilans, historia rankingu i ostatnie mecze
cmdline-profile-examples =
    Przykłady:
      mancala profile ann
