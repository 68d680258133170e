# Teksty klienta przeglądarkowego po polsku (każdy komunikat z en.ftl jest i tutaj).

## Górny pasek

nav-tv = TV
nav-leaderboard = Ranking
nav-rules = Zasady
language = Język
theme-auto = Motyw: systemowy
theme-dark = Motyw: ciemny
theme-light = Motyw: jasny
signed-in-as = Zalogowano jako{" "}
sign-out = Wyloguj
connecting = Łączenie…
connection-lost = Utracono połączenie: łączenie ponownie…
replaced = Zalogowano się w innym oknie, więc to okno zostało zatrzymane.{" "}
use-this-window = Użyj tego okna
try-again = Spróbuj ponownie
yes = Tak
cancel = Anuluj
variants-unread = Nie udało się odczytać gier serwera. { $reason }

## Logowanie i strona główna przed nim

sign-in = Zaloguj
sign-in-title = Zagraj w mankalę
sign-in-intro = Wybierz nazwę, pod którą zagrasz. Zostanie twoja w tej przeglądarce; bez hasła grasz jako gość.
name = Nazwa
password-if-any = Hasło (tylko jeśli twoja nazwa je ma)
name-needed = Wpisz nazwę: od 1 do 20 liter lub cyfr, _ albo -.
name-taken = Ta nazwa jest zajęta. Wybierz inną albo podaj jej hasło.
preview-title = Teraz w poczekalni
preview-reading = Wczytywanie poczekalni…
preview-counts = Online: { $online } · { $live ->
    [one] { $live } mecz na żywo
    [few] { $live } mecze na żywo
   *[many] { $live } meczów na żywo
}. Zaloguj się, aby grać lub oglądać.
preview-featured = Wyróżniony:{" "}
preview-featured-game = { " " }· { $settings } · partia { $game } (w{" "}
preview-featured-end = { " " }po zalogowaniu)
preview-no-seek = Brak otwartych ogłoszeń: zaloguj się i dodaj swoje.
preview-seeks = { " " }szuka gry: { $settings }
preview-match = { " " }· { $settings } · partia { $game }
preview-no-match = Brak meczów na żywo.
open-seeks = Otwarte ogłoszenia
live-matches = Mecze na żywo

## Wyzwania

challenge-from = Wyzwanie od { $name }
challenge-received = { $name } wyzywa cię: { $settings } ({ $seconds } s){" "}
challenge-arrived = { $name } wyzywa cię.
challenge-accept = Przyjmij wyzwanie
challenge-decline = Odrzuć
challenge-to = Wyzwanie dla { $name }
challenge-sent = Wyzwano { $name }: { $settings } ({ $seconds } s){" "}
challenge-withdraw = Wycofaj
challenge-closed-declined = Wyzwanie z { $name } zostało odrzucone.
challenge-closed-withdrawn = Wyzwanie z { $name } zostało wycofane.
challenge-closed-expired = Wyzwanie z { $name } wygasło.
challenge-closed-player_left = Wyzwanie z { $name } zakończyło się: drugi gracz wyszedł.

## Zaproszenie do prywatnego meczu

invitation = Zaproszenie
invitation-title = Zaproszenie do prywatnego meczu
invitation-reading = Wczytywanie zaproszenia…
invitation-offer = { " " }zaprasza cię do gry: { $settings }.
invitation-join = Dołącz do meczu
invitation-closed = To zaproszenie nie jest już otwarte.
go-to-lobby = Przejdź do poczekalni

## Poczekalnia

lobby = Poczekalnia
new-game = Nowa gra
yours = Twoje
create-seek = Dodaj ogłoszenie
quick-pairing = Szybkie parowanie
challenge = Wyzwij
player-to-challenge = Gracz do wyzwania
player-name = nazwa gracza
challenge-whom = Wpisz nazwę gracza, którego chcesz wyzwać.
computer-opponent = Przeciwnik komputerowy
play-computer = Zagraj z komputerem
computer-level = { $name } (poziom { $level }{ $level ->
    [1] , prawie losowo
    [8] , pełna siła
   *[other] {""}
})
no-seeks = Brak otwartych ogłoszeń. Dodaj swoje albo użyj szybkiego parowania.
column-player = Gracz
column-game = Gra
column-players = Gracze
column-score = Wynik
column-watching = Widzowie
cancel-seek = Anuluj ogłoszenie { $id }
accept-seek-of = Przyjmij ogłoszenie gracza { $name }
accept = Przyjmij
seek-rating-range = { " " }· ranking { $min }–{ $max }
players-online = { $count ->
    [one] { $count } gracz online
    [few] { $count } gracze online
   *[many] { $count } graczy online
}
no-live-matches = Brak meczów na żywo.
game-of = { $game } z { $games }
watch-match = Oglądaj { $first } przeciw { $second }
open = Otwórz
watch = Oglądaj
your-match = Twój mecz z { $name } ({ $settings })
waiting-for-opponent = { " " }Czekam na przeciwnika: { $settings } ({ $seconds } s){" "}
leave-pairing = Opuść parowanie
your-seek = Twoje ogłoszenie: { $settings }{" "}
your-private-seek = Twoje prywatne ogłoszenie: { $settings }{" "}
invitation-link = Zaproszenie:{" "}
copy-link = Kopiuj link
link-copied = Skopiowano link.
copy-by-hand = Skopiuj link ręcznie.
nothing-yet = Jeszcze nic: tu pojawią się twoje mecze i ogłoszenia.

## Formularz ustawień

form-game = Gra{" "}
form-games = Partii w meczu{" "}
stop-when-decided = { " " }Zakończ po rozstrzygnięciu
time-presets = Gotowe tempa gry
clock = Zegar{" "}
untimed-choice = Bez zegara
real-time = Na czas
correspondence = Korespondencyjnie
form-minutes = Minuty{" "}
form-increment = { " " }+ sekundy na ruch{" "}
form-days = Dni na ruch{" "}
rated-check = { " " }Rankingowy
rating-from = { " " }Ranking przeciwnika od{" "}
rating-to = { " " }do{" "}
rating-any = dowolny
private-check = { " " }Prywatny (udostępnij link zamiast ogłaszać)
preset-days = { $days ->
    [one] { $days } dzień
   *[other] { $days } dni
}
real-time-limits = Na czas: od 1 do 180 minut i od 0 do 60 sekund na ruch.
correspondence-limits = Korespondencyjnie: od 1 do 14 dni na ruch.

## Ustawienia słowami

variant-mangala = Mangala turecka
variant-kalah = Kalah
variant-oware = Oware (abapa)
variant-kalah_relay = Kalah z siewem sztafetowym
variant-congkak = Congkak
variant-togyz_kumalak = Togyz kumalak
variant-bestemshe = Bestemshe
param-seeds_per_house = Kamieni w dołku
param-seeds_per_house-short = { $count ->
    [one] { $count } kamień
    [few] { $count } kamienie
   *[many] { $count } kamieni
}
param-empty_capture = Bicie przy pustym dołku (samotny kamień naprzeciw pustego dołka trafia do magazynu)
param-empty_capture-short = bicie przy pustym dołku
param-grand_slam = Wielki szlem
param-grand_slam-short = wielki szlem
param-capture_includes_last = Bicie obejmuje ostatni kamień
param-capture_includes_last-short = bicie obejmuje ostatni kamień
param-empty_opposite = Ostatni kamień we własnym pustym dołku, naprzeciw pusto
param-empty_opposite-short = samotny kamień naprzeciw pustki
param-houses = Dołków w rzędzie
param-houses-short = dołki
param-value-legal_no_capture = dozwolony, nic nie bije
param-value-illegal_unless_forced = niedozwolony, chyba że wymuszony
param-value-nothing = nic się nie dzieje
param-value-last_to_store = kamień trafia do magazynu
untimed = bez zegara
real-time-control = { $minutes } min + { $seconds } s
days-a-move = { $days ->
    [one] { $days } dzień na ruch
   *[other] { $days } dni na ruch
}
games-count = { $games ->
    [one] { $games } partia
    [few] { $games } partie
   *[many] { $games } partii
}
rated = rankingowy
stops-when-decided = kończy się po rozstrzygnięciu
game-end-side_empty = rząd opustoszał
game-end-no_move = nie było już ruchu
game-end-majority = magazyn przekroczył połowę kamieni
game-end-repetition = pozycja się powtórzyła
game-end-resign = poddanie
game-end-forfeit = walkower
game-end-timeout = skończył się czas
game-end-draw_agreed = remis za zgodą
game-end-claimed = zgłoszone po odejściu przeciwnika
game-end-abandoned = gracz nie wrócił
game-end-no_start = pierwszy ruch nie padł na czas
match-end-completed = rozegrano wszystkie partie
match-end-decided = rozstrzygnięty wcześniej
match-end-forfeit = walkower
match-end-aborted = przerwany

## Mecz, grany lub oglądany

match-title = Mecz { $id }
match-not-live = Mecz { $id } nie trwa.
replay-from-archive = Obejrzyj go z archiwum
match-over = Koniec meczu: { $result }.
server-restarted = Serwer uruchomił się ponownie: w czasie przerwy niczyj zegar nie chodził.
offers-draw-now = { $name } proponuje remis.
rematch-watching = Gracze zgodzili się na rewanż: teraz oglądasz mecz { $id }.
announce-move = { $name } zagrał dołek { $house }{ $captured ->
    [0] {""}
   *[other] , bijąc { $captured }
}{ $tuzdik ->
    [yes] , i zdobywa tuzdyk
   *[no] {""}
}{ $extra ->
    [yes] , i gra dalej
   *[no] {""}
}.
game-drawn-score = Remis { $a }–{ $b }
game-won-score = { $name } wygrywa { $a }–{ $b }
game-result = Partia { $game }: { $who } ({ $how }).
seat = miejsce { $seat }
match-aborted = przerwany
match-drawn = remis { $a }–{ $b }
match-won = { $name } wygrywa { $a }–{ $b } ({ $how })
move-not-sent = Nie wysłano: utracono połączenie. Gra zostanie wznowiona.
move-refused = Ruch odrzucony: { $reason }
moves-of-game = Ruchy tej partii
chat-messages = Wiadomości czatu
chat-message = Wiadomość
say-something = Napisz coś…
send = Wyślij
chat = Czat
animation-speed = Szybkość animacji
animation-off = Animacja wyłączona
animation-fast = Animacja szybka
animation-normal = Animacja zwykła
animation-slow = Animacja wolna
sound-switch = { " " }Dźwięk
sounds = Dźwięki
sound-turn = Twój ruch
sound-move = Ruch
sound-capture = Bicie
sound-extra_turn = Dodatkowy ruch
sound-game_end = Koniec partii
sound-low_time = Kończy ci się czas
moves = Ruchy
loading = Wczytywanie…
away = { " " }(nieobecny)
score-label = Wynik { $a } do { $b }
game-of-match = { " " }· partia { $game } z { $games }
watching-count = { " " }· widzów: { $count }
rules-link = zasady
clock-of = Zegar gracza { $name }
first-move-left = Czas na pierwszy ruch
your-first-move = Twój pierwszy ruch: { $seconds } s
their-first-move = Pierwszy ruch gracza { $name }: { $seconds } s
connecting-match = Łączenie z meczem…
first-game-soon = Pierwsza partia zaraz się zacznie.
game-over-next = Koniec partii; zaczyna się następna.
plays-house = { $name } gra dołek { $house }…
house-sent = Wysłano dołek { $house }…
your-move = Twój ruch
to-move = Ruch: { $name }
game-result-label = Wynik partii { $game }
game-over-title = Koniec partii { $game }
summary-stores = Magazyny: { $first } { $a }, { $second } { $b }. Wynik meczu { $x }–{ $y }.
ratings-line = Rankingi: { $changes }.
close = Zamknij
hide = Ukryj
flip-board = Obróć planszę
stop-watching = Przestań oglądać
offers-draw = { $name } proponuje remis
accept-draw = Przyjmij remis
decline-draw = Odrzuć remis
draw-offered = Zaproponowano remis
offer-draw-question = Zaproponować remis w tej partii?
offer-draw = Zaproponuj remis
resign-question = Poddać partię { $game }? Przegrywasz tę partię; mecz trwa dalej.
resign = Poddaj
resign-game = Poddaj partię
forfeit-question = Oddać mecz walkowerem? Przegrywasz tę partię i wszystkie pozostałe.
forfeit-match = Oddaj mecz
abort-question = Przerwać mecz? Zakończy się bez wyniku.
abort = Przerwij
claim-game = Zgłoś wygraną partii
go-to-rematch = Przejdź do rewanżu
offers-rematch = { $name } proponuje rewanż
accept-rematch = Przyjmij rewanż
decline-rematch = Odrzuć rewanż
rematch-offered = Zaproponowano rewanż
rematch = Rewanż
rematch-declined = Rewanż odrzucony
replay = Powtórka
back-to-lobby = Wróć do poczekalni
back-to-tournament = Wróć do turnieju
no-move-yet = Partia { $game }: jeszcze bez ruchu.
no-game-yet = Jeszcze żadnej partii.
game-playing = w toku
game-draw = remis
game-won-by = wygrał { $name }
moves-count = { $count ->
    [one] { $count } ruch
    [few] { $count } ruchy
   *[many] { $count } ruchów
}
games-caption = Partie
column-first = Pierwszy
column-result = Wynik
column-how = Jak
column-stores = Magazyny ({ $first }–{ $second })
column-points = Punkty
spectators-chat = Czat widzów
players-chat = Czat graczy
title-your-move = ● Twój ruch · { $title }

## Plansza

board = Plansza
you-suffix = { $name } (ty)
house-plain = Dołek { $house }
house-yours = Twój dołek { $house }
house-of = Dołek { $house } gracza { $name }
house-opponent = Dołek { $house } przeciwnika
store-yours = Twój magazyn
store-of = Magazyn gracza { $name }
with-seeds = { $place }, { $count ->
    [one] { $count } kamień
    [few] { $count } kamienie
   *[many] { $count } kamieni
}
best-move = { $label }, najlepszy ruch silnika
tuzdik-yours = { $place }: twój tuzdyk (jego kamienie trafiają do twojego magazynu)
tuzdik-of = { $place }: tuzdyk gracza { $name } (jego kamienie trafiają do magazynu gracza { $name })
store-label-yours = twój magazyn
store-label-of = magazyn: { $name }

## Strony graczy i ranking

speed-real_time = Na czas
speed-correspondence = Korespondencyjnie
speed-label = { " " }Tempo{" "}
graph-label = { $title }: od { $from } do { $to } w { $count ->
    [one] { $count } meczu rankingowym
   *[other] { $count } meczach rankingowych
}
graph-before = { $rating } przed
graph-after = { $rating } po meczu { $id }
graph-title = { $variant }, { $speed }
profile-of = Profil gracza { $name }
no-rated-match = Jeszcze bez meczu rankingowego.
column-speed = Tempo
column-rating = Ranking
column-rated-games = Partie rankingowe
tally = wygrane { $won }, remisy { $drawn }, przegrane { $lost }
no-match-yet = Jeszcze bez meczu.
live-suffix = { " " }(na żywo)
match-link = mecz { $id }
ratings = Rankingi
record = Bilans
record-line = Mecze: { $matches }. Partie: { $games }.
recent-matches = Ostatnie mecze
the-leaderboard = Ranking
leaderboard-empty = Jeszcze nikogo tu nie ma: ranking traci "?" (tymczasowy) po kilku meczach rankingowych.

## TV

tv-label = TV: wyróżniony mecz
tv-empty = Teraz nie trwa żaden mecz: TV pokaże najlepszy, gdy tylko się zacznie.
server-unreachable = Nie można połączyć się z serwerem.

## Strony zasad (same zasady przychodzą z serwera po angielsku)

rules-intro = Każda gra dostępna na serwerze: zasady w skrócie i przykłady z jej specyfikacji rozegrane na planszy:
all-games = Wszystkie gry
worked-examples = Przykłady
rules-title = { $game }: zasady
examples-intro = Wybierz jeden: plansza pokaże pozycję, a potem rozegra ruch kamień po kamieniu.
player-number = Gracz { $n }
example-before = { $id }: na ruchu gracz { $n }, gra dołek { $house }.
play-house = Zagraj dołek { $house }
example-game-over = Koniec gry ({ $a } do { $b }).
example-to-move = Na ruchu gracz { $n }.
example-after = { $id }: zagrano dołek { $house }. { $words }
again = Jeszcze raz
next-example = Następny przykład

## Powtórki i analiza silnika

loading-match = Wczytywanie meczu…
archive-answered = Archiwum odpowiedziało { $status }.
still-live = wciąż trwa
replay-drawn = { $how }, remis
replay-won = wygrał { $name } ({ $how })
play = Odtwórz
pause = Pauza
first-move = Pierwszy ruch
previous-move = Poprzedni ruch
next-move = Następny ruch
last-move = Ostatni ruch
flip = Obróć
download-records = Pobierz zapisy
analyse-with-engine = Analizuj silnikiem
analyse = Analizuj
game-tab = Partia { $game }
engine-reviewing = Silnik analizuje każdy ruch…
server-answered = serwer odpowiedział { $status }
no-analysis = Brak analizy: { $reason }
engine-depth = Silnik, { $depth ->
    [one] { $depth } półruch
    [few] { $depth } półruchy
   *[many] { $depth } półruchów
}.
verdict-best = najlepszy ruch
verdict-worse = { $class ->
    [inaccuracy] niedokładność
    [mistake] błąd
   *[blunder] poważny błąd
}, strata { $loss } (najlepszy był dołek { $best }, { $value })
move-worth = Dołek { $house } gracza { $name } jest wart { $value }{ $exact ->
    [yes] {" "}(dokładnie)
   *[no] {""}
}: { $verdict }.
best-here = Najlepsze tu dla gracza { $name }: dołek { $house }, { $value }{ $exact ->
    [yes] {" "}(dokładnie)
   *[no] {""}
}.
engine-expects = Silnik przewiduje: { $line } (dołki, każdy od lewej strony grającego).
replay-opening = Partia { $game }: pozycja wyjściowa, zaczyna { $name }
replay-move = Partia { $game }, ruch { $ply } z { $plies }: { $name } zagrał dołek { $house }
replay-game-drawn = {"."} Remis ({ $how })
replay-game-won = {"."} Wygrał { $name } ({ $how })
move-title = { $class ->
    [inaccuracy] niedokładność
    [mistake] błąd
   *[blunder] poważny błąd
}: strata { $loss }
evaluation-label = Ocena dla gracza { $name } w trakcie partii, od { $from } do { $to } kamieni; dokładnych pozycji: { $exact } z { $count }
no-evaluation = Nie oceniono żadnej pozycji
ahead = Prowadzi { $name }
graph-point = { $ply ->
    [0] Pozycja wyjściowa
   *[other] Po ruchu { $ply }
}: { $value }{ $exact ->
    [yes] {" "}(dokładnie)
   *[no] {""}
}
class-counts = { $name }: niedokładności { $inaccuracies }, błędy { $mistakes }, poważne błędy { $blunders }

## Zasady w skrócie i tytuły przykładów

rules-mangala-1 = Dwa rzędy po 6 dołków z 4 kamieniami w każdym; każdy gracz ma rząd bliższy sobie i magazyn po swojej prawej.
rules-mangala-2 = Ruch zabiera wszystkie kamienie z jednego z twoich dołków i rozsiewa je po jednym przeciwnie do ruchu wskazówek zegara: pierwszy wraca do dołka, z którego pochodzi (pojedynczy kamień przechodzi do następnego dołka), potem twoje dołki, twój magazyn, dołki przeciwnika, nigdy jego magazyn.
rules-mangala-3 = Ostatni kamień w twoim magazynie: grasz jeszcze raz. Ostatni kamień w dołku przeciwnika, w którym jest wtedy parzysta liczba: bierzesz wszystkie. Ostatni kamień w twoim pustym dołku: bierzesz go razem z kamieniami z dołka naprzeciwko, jeśli jakieś są.
rules-mangala-4 = Gra kończy się, gdy po ruchu któryś rząd jest pusty: gracz, którego rząd opustoszał, bierze wszystkie pozostałe kamienie. Wygrywa ten, kto ma więcej kamieni w magazynie (ponad 24).
rules-kalah-1 = Dwa rzędy po 6 dołków z 4 kamieniami w każdym (od 3 do 6, do wyboru); każdy gracz ma rząd bliższy sobie i magazyn po swojej prawej.
rules-kalah-2 = Ruch zabiera wszystkie kamienie z jednego z twoich dołków i rozsiewa je po jednym przeciwnie do ruchu wskazówek zegara do kolejnych dołków i twojego magazynu, nigdy do magazynu przeciwnika.
rules-kalah-3 = Ostatni kamień w twoim magazynie: grasz jeszcze raz. Ostatni kamień w twoim pustym dołku, naprzeciw którego są kamienie: oba trafiają do twojego magazynu.
rules-kalah-4 = Gra kończy się, gdy po ruchu któryś rząd jest pusty; każdy gracz dodaje do magazynu to, co zostało w jego rzędzie. Wygrywa ten, kto ma więcej kamieni.
rules-oware-1 = Dwa rzędy po 6 dołków z 4 nasionami w każdym i bez magazynów na trasie: zdobyte nasiona odkłada się na bok.
rules-oware-2 = Ruch zabiera wszystkie nasiona z jednego z twoich dołków i rozsiewa je przeciwnie do ruchu wskazówek zegara, w kolejnych okrążeniach omijając dołek, z którego pochodzą.
rules-oware-3 = Ostatnie nasiono w dołku przeciwnika, w którym są wtedy 2 lub 3: bierzesz je oraz poprzedzające je dołki w jego rzędzie, w których też są 2 lub 3. Ruch, który zabrałby mu wszystkie nasiona (wielki szlem), nie bierze nic.
rules-oware-4 = Jeśli możesz, musisz zostawić przeciwnikowi ruch. Gra kończy się, gdy gracz ma ponad 24, gdy nie da się nakarmić przeciwnika albo gdy pozycja się powtórzy: każdy zatrzymuje wtedy nasiona ze swojego rzędu. Wygrywa ten, kto ma więcej nasion.
rules-kalah_relay-1 = Kalah na 6 dołkach po 3 kamienie z siewem sztafetowym: ostatni kamień, który wpada do twojego zajętego dołka, podnosi ten dołek i siew trwa dalej.
rules-kalah_relay-2 = Ostatni kamień w twoim magazynie: grasz jeszcze raz. Ostatni kamień w twoim pustym dołku: bierzesz kamienie naprzeciwko (kamień bijący zostaje, chyba że opcja mówi inaczej).
rules-kalah_relay-3 = Gra kończy się, gdy po ruchu któryś rząd jest pusty; każdy gracz dodaje swój rząd do magazynu. Wygrywa ten, kto ma więcej kamieni (ponad 18).
rules-congkak-1 = Dwa rzędy po 7 dołków z 7 nasionami w każdym, gra się na zmianę.
rules-congkak-2 = Ruch podnosi jeden z twoich dołków i rozsiewa przeciwnie do ruchu wskazówek zegara przez twój magazyn; ostatnie nasiono w zajętym dołku po dowolnej stronie podnosi ten dołek i siew trwa dalej.
rules-congkak-3 = Ostatnie nasiono w twoim magazynie: grasz jeszcze raz. Ostatnie nasiono w twoim pustym dołku: bierzesz je i dołek naprzeciwko.
rules-congkak-4 = Gra kończy się, gdy gracz na ruchu nie ma nasion w swoim rzędzie; każdy zatrzymuje to, co ma w rzędzie. Wygrywa ten, kto ma więcej nasion (ponad 49).
rules-togyz_kumalak-1 = Gra narodowa Kazachstanu: dwa rzędy po 9 dołków z 9 kamieniami w każdym, razem 162; magazyn (kazan) każdego gracza przechowuje to, co zdobył.
rules-togyz_kumalak-2 = Ruch zabiera wszystkie kamienie z jednego z twoich dołków i rozsiewa je po jednym przeciwnie do ruchu wskazówek zegara: pierwszy z powrotem do dołka, z którego pochodzi (pojedynczy kamień przechodzi do następnego dołka), potem twoje dołki w górę, potem dołki przeciwnika od jego pierwszego.
rules-togyz_kumalak-3 = Ostatni kamień w dołku przeciwnika, w którym jest wtedy parzysta liczba: bierzesz wszystkie. Jeśli daje w tym dołku dokładnie 3, staje się on twoim tuzdikiem do końca gry (jeden na gracza; nigdy jego 9. dołek ani dołek o numerze jego tuzdika): każdy wsiany do niego kamień jest twój.
rules-togyz_kumalak-4 = Ponad 81 w magazynie wygrywa od razu (kamienie na planszy nie liczą się wtedy nikomu). Gdy gracz nie ma kamienia, którym mógłby zagrać: drugi bierze to, co zostało w jego rzędzie, i gra się kończy; 81 do 81 to remis.
rules-bestemshe-1 = Zasady Togyz Kumalak na małej planszy: dwa rzędy po 5 dołków z 5 kamieniami w każdym, razem 50, i bez tuzdika.
rules-bestemshe-2 = Siej przeciwnie do ruchu wskazówek zegara z jednego ze swoich dołków, pierwszy kamień z powrotem do niego (pojedynczy przechodzi dalej); ostatni kamień, który czyni dołek przeciwnika parzystym, zabiera go.
rules-bestemshe-3 = Ponad 25 w magazynie wygrywa. Gdy gracz nie ma kamienia, którym mógłby zagrać: drugi bierze to, co zostało, i gra się kończy.
example-T1 = Otwarcie: pierwszy kamień wraca do dołka, bicie parzystej liczby
example-T2 = Powstaje tuzdik: ostatni kamień daje w dołku przeciwnika dokładnie 3
example-T3 = Okrążenie 20 kamieni przez oba tuzdiki
example-T4a = Nie ma tuzdika w 9. dołku przeciwnika
example-T4b = Nie ma tuzdika w dołku o tym samym numerze co tuzdik przeciwnika
example-T4c = Kontrola: w tej samej pozycji dołek 5 daje tuzdika
example-T4d = Nie ma drugiego tuzdika
example-T5 = Pojedynczy kamień przechodzi do następnego dołka (i bije)
example-T6 = Koniec gry: wynik przekracza połowę (82 ze 162); bez zgarniania
example-T7 = Koniec gry: przeciwnikowi nie zostały kamienie; remis 81 : 81
example-B1 = Otwarcie w Bestemshe: c1d2
example-B2 = W Bestemshe nie ma tuzdika: 3 to po prostu liczba nieparzysta
example-B3a = Bestemshe: opróżnienie własnego rzędu nie kończy gry
example-B3b = … a jeśli przeciwnik nie nakarmi, bierze on resztę

## Odmowy samego klienta w przeglądarce

refusal-disconnected = Utracono połączenie: łączenie ponownie…
refusal-not_found = Nic tu nie znaleziono.
refusal-bad_request = Serwer nie mógł odpowiedzieć na to żądanie.

## Turnieje

nav-tournaments = Turnieje
tournament-stage-waiting = zapisy
tournament-stage-playing = trwa runda
tournament-stage-between_rounds = przerwa między rundami
tournament-stage-over = zakończony
countdown-hours = { $h } godz. { $m } min
countdown-minutes = { $m } min { $s } s
tournament-sign-in = Zaloguj się, aby dołączyć do turnieju albo go utworzyć.
tournaments-empty = Nie ma jeszcze turniejów: utwórz pierwszy.
column-tournament = Turniej
column-stage = Etap
round-of = runda { $round } z { $rounds }
tournament-default-name = Piątkowy szwajcar
tournament-create-title = Utwórz turniej
tournament-create-intro = Szwajcar: każda runda to mecz w wybranej grze i tempie, kojarzony systemem szwajcarskim. Arena: przez ustalony czas każdy, kto skończy mecz, od razu dostaje kolejnego przeciwnika. Aby prowadzić turniej, twoja nazwa musi mieć hasło.
tournament-name = Nazwa
tournament-rounds = Rundy
tournament-starts-in = Start za (minuty; 0: od razu)
tournament-between = Minuty między rundami
tournament-create = Utwórz turniej
tournament-title = Turniej { $id }
all-tournaments = Wszystkie turnieje
lobby-no-tournament = Żaden turniej nie trwa ani się nie zbliża.
lobby-tournament-leaders = Prowadzą: { $leaders }
lobby-tournament-entrants = Zapisanych: { $count }
tournament-joined = Jesteś zapisany: mecz z twojej szachownicy otworzy się tu na początku każdej rundy.
tournament-withdrew = Wycofałeś się.
tournament-withdraw = Wycofaj się
tournament-join = Dołącz
tournament-no-entrants = Nikt jeszcze nie dołączył.
tournament-standings = Klasyfikacja
column-game-points = Partie
tournament-withdrawn = (wycofał się)
round-n = Runda { $round }
board-forfeit = { $first }–{ $second } walkowerem
board-playing = trwa
board-replay = powtórka
board-watch = oglądaj
board-bye = Pauza: { $name }
tournament-about = { $settings }; { $rounds ->
    [one] { $rounds } runda
    [few] { $rounds } rundy
   *[many] { $rounds } rund
}; prowadzi { $director }.
tournament-starts-countdown = Start za { $time }.
next-round-countdown = Następna runda za { $time }.
password-protect-title = Zabezpiecz swoją nazwę
password-protect-intro = Hasło sprawia, że nazwa jest twoja na stałe, pozwala logować się na każdym urządzeniu i prowadzić turnieje.
password-new = Nowe hasło (co najmniej 8 znaków)
password-set-button = Ustaw hasło
password-set-done = Twoja nazwa jest zabezpieczona: loguj się nią na każdym urządzeniu.
tournament-min-rating = Minimalny ranking (opcjonalnie)
tournament-entry-rating = Wstęp: ranking { $rating } lub wyższy w tej grze i tempie.
tournament-private-check = Prywatny: zobaczą go i zapiszą się tylko ci, którym dam jego adres
tournament-computers = Gracze komputerowi (tylko turnieje towarzyskie)
tournament-private-link = Prywatny: każdy, kto ma ten adres, może go zobaczyć i się zapisać.
tournament-private-address = Prywatny adres turnieju
berserked-now = { $name } wybiera berserka.
berserk-question = Berserk: grać ten mecz na pół zegara, bez dodawania, za punkt więcej, jeśli wygrasz?
berserk-explained = Berserk: pół zegara i bez dodawania w tym meczu, punkt więcej na arenie za wygraną
berserk-mark = ⚡
berserk = Berserk
go-to-board = Przejdź do swojej planszy
your-board = Trwa twój mecz z { $name }.
arena-matches = Mecze
arena-left = (odszedł)
on-fire-explained = W ogniu: dwie wygrane z rzędu, następna liczy się podwójnie
on-fire = 🔥
column-marks = Punkty za każdy mecz
column-matches = Mecze
arena-leaderboard = Tabela
arena-playing-out = Czas minął: dogrywane są ostatnie mecze.
arena-ends-countdown = Koniec za { $time }: potem bez kojarzeń; trwające mecze są dogrywane.
arena-berserk-rule = Berserk przed twoim pierwszym ruchem: pół zegara i bez dodawania w tym meczu, punkt więcej za wygraną.
arena-rules = Kto skończy mecz, zostaje od razu skojarzony z kimś blisko w tabeli. Wygrana 2 punkty, remis 1; po dwóch wygranych z rzędu wygrane liczą się podwójnie, aż do meczu bez wygranej.
arena-about = { $settings }; arena na { $minutes } min; prowadzi { $director }.
arena-length = arena, { $minutes } min
arena-stage-playing = trwa
arena-berserk-check = Berserk dozwolony (zegary czasu rzeczywistego)
arena-minutes = Długość (minuty)
format-arena = Arena (na czas)
format-swiss = Szwajcar (rundy)
tournament-format = Rodzaj
