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
