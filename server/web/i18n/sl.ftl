# Besedila brskalniškega odjemalca v slovenščini (vsako sporočilo iz en.ftl je tudi tu).

## Zgornja vrstica

nav-tv = TV
nav-leaderboard = Lestvica
nav-rules = Pravila
language = Jezik
theme-auto = Tema: sistemska
theme-dark = Tema: temna
theme-light = Tema: svetla
signed-in-as = Prijavljeni ste kot{" "}
sign-out = Odjava
connecting = Povezovanje …
connection-lost = Povezava prekinjena: ponovno povezovanje …
replaced = Prijavili ste se v drugem oknu, zato se je to ustavilo.{" "}
use-this-window = Uporabi to okno
try-again = Poskusi znova
yes = Da
cancel = Prekliči
variants-unread = Iger strežnika ni bilo mogoče prebrati. { $reason }

## Prijava in prva stran pred njo

sign-in = Prijava
sign-in-title = Igraj mankalo
sign-in-intro = Izberite ime, pod katerim boste igrali. V tem brskalniku ostane vaše; brez gesla igrate kot gost.
name = Ime
password-if-any = Geslo (le če ga vaše ime ima)
name-needed = Vpišite ime: od 1 do 20 črk ali števk, _ ali -.
name-taken = To ime je zasedeno. Izberite drugo ali vpišite njegovo geslo.
preview-title = Zdaj v preddverju
preview-reading = Branje preddverja …
preview-counts = Povezanih: { $online } · { $live ->
    [one] { $live } dvoboj v živo
    [two] { $live } dvoboja v živo
    [few] { $live } dvoboji v živo
   *[other] { $live } dvobojev v živo
}. Prijavite se, da igrate ali gledate.
preview-featured = Izpostavljeno:{" "}
preview-featured-game = { " " }· { $settings } · partija { $game } (na{" "}
preview-featured-end = { " " }po prijavi)
preview-no-seek = Ni odprtih oglasov: prijavite se in ga ustvarite.
preview-seeks = { " " }išče igro: { $settings }
preview-match = { " " }· { $settings } · partija { $game }
preview-no-match = Ni dvobojev v živo.
open-seeks = Odprti oglasi
live-matches = Dvoboji v živo

## Izzivi

challenge-from = Izziv od { $name }
challenge-received = { $name } vas izziva: { $settings } ({ $seconds } s){" "}
challenge-arrived = { $name } vas izziva.
challenge-accept = Sprejmi izziv
challenge-decline = Zavrni
challenge-to = Izziv za { $name }
challenge-sent = Izzvali ste { $name }: { $settings } ({ $seconds } s){" "}
challenge-withdraw = Umakni
challenge-closed-declined = Izziv z { $name } je bil zavrnjen.
challenge-closed-withdrawn = Izziv z { $name } je bil umaknjen.
challenge-closed-expired = Izziv z { $name } je potekel.
challenge-closed-player_left = Izziv z { $name } se je končal: drugi igralec je odšel.

## Povabilo v zasebni dvoboj

invitation = Povabilo
invitation-title = Povabilo v zasebni dvoboj
invitation-reading = Branje povabila …
invitation-offer = { " " }vas vabi k igri: { $settings }.
invitation-join = Pridruži se dvoboju
invitation-closed = To povabilo ni več odprto.
go-to-lobby = V preddverje

## Preddverje

lobby = Preddverje
new-game = Nova igra
yours = Vaše
create-seek = Ustvari oglas
quick-pairing = Hitro iskanje nasprotnika
challenge = Izzovi
player-to-challenge = Igralec, ki ga izzivate
player-name = ime igralca
challenge-whom = Vpišite ime igralca, ki ga želite izzvati.
computer-opponent = Računalniški nasprotnik
play-computer = Igraj proti računalniku
computer-level = { $name } (stopnja { $level }{ $level ->
    [1] , skoraj naključno
    [8] , polna moč
   *[other] {""}
})
no-seeks = Ni odprtih oglasov. Ustvarite ga ali uporabite hitro iskanje nasprotnika.
column-player = Igralec
column-game = Igra
column-players = Igralca
column-score = Izid
column-watching = Gledalci
cancel-seek = Prekliči oglas { $id }
accept-seek-of = Sprejmi oglas igralca { $name }
accept = Sprejmi
seek-rating-range = { " " }· rating { $min }–{ $max }
players-online = { $count ->
    [one] { $count } igralec povezan
    [two] { $count } igralca povezana
    [few] { $count } igralci povezani
   *[other] { $count } igralcev povezanih
}
no-live-matches = Ni dvobojev v živo.
game-of = { $game } od { $games }
watch-match = Glej { $first } proti { $second }
open = Odpri
watch = Glej
your-match = Vaš dvoboj z igralcem { $name } ({ $settings })
waiting-for-opponent = { " " }Čakanje na nasprotnika: { $settings } ({ $seconds } s){" "}
leave-pairing = Zapusti iskanje
your-seek = Vaš oglas: { $settings }{" "}
your-private-seek = Vaš zasebni oglas: { $settings }{" "}
invitation-link = Povabilo:{" "}
copy-link = Kopiraj povezavo
link-copied = Povezava kopirana.
copy-by-hand = Povezavo kopirajte ročno.
nothing-yet = Še nič: tu se pokažejo vaši dvoboji in oglasi.

## Obrazec nastavitev

form-game = Igra{" "}
form-games = Partij v dvoboju{" "}
stop-when-decided = { " " }Ustavi, ko je odločeno
time-presets = Pripravljeni časovni nadzori
clock = Ura{" "}
untimed-choice = Brez ure
real-time = Z uro
correspondence = Dopisno
form-minutes = Minute{" "}
form-increment = { " " }+ sekunde na potezo{" "}
form-days = Dni na potezo{" "}
rated-check = { " " }Za rating
rating-from = { " " }Rating nasprotnika od{" "}
rating-to = { " " }do{" "}
rating-any = kateri koli
private-check = { " " }Zasebno (delite povezavo namesto oglasa)
preset-days = { $days ->
    [one] { $days } dan
    [two] { $days } dneva
    [few] { $days } dnevi
   *[other] { $days } dni
}
real-time-limits = Z uro: od 1 do 180 minut in od 0 do 60 sekund na potezo.
correspondence-limits = Dopisno: od 1 do 14 dni na potezo.

## Nastavitve z besedami

variant-mangala = Turška mangala
variant-kalah = Kalah
variant-oware = Oware (abapa)
variant-kalah_relay = Kalah s štafetnim sejanjem
variant-congkak = Congkak
variant-togyz_kumalak = Togyz kumalak
variant-bestemshe = Bestemshe
param-seeds_per_house = Kamenčkov v jamici
param-seeds_per_house-short = { $count ->
    [one] { $count } kamenček
    [two] { $count } kamenčka
    [few] { $count } kamenčki
   *[other] { $count } kamenčkov
}
param-empty_capture = Zajem ob prazni jamici (osamljen kamenček nasproti prazne jamice gre v shrambo)
param-empty_capture-short = zajem ob prazni jamici
param-grand_slam = Veliki slam
param-grand_slam-short = veliki slam
param-capture_includes_last = Zajem vključuje zadnji kamenček
param-capture_includes_last-short = zajem vključuje zadnji kamenček
param-empty_opposite = Zadnji kamenček v lastni prazni jamici, nasproti prazno
param-empty_opposite-short = osamljen kamenček nasproti praznine
param-houses = Jamic v vrsti
param-houses-short = jamice
param-value-legal_no_capture = dovoljeno, nič ne zajame
param-value-illegal_unless_forced = nedovoljeno, razen če je prisiljeno
param-value-nothing = nič se ne zgodi
param-value-last_to_store = kamenček gre v shrambo
untimed = brez ure
real-time-control = { $minutes } min + { $seconds } s
days-a-move = { $days ->
    [one] { $days } dan na potezo
    [two] { $days } dneva na potezo
    [few] { $days } dnevi na potezo
   *[other] { $days } dni na potezo
}
games-count = { $games ->
    [one] { $games } partija
    [two] { $games } partiji
    [few] { $games } partije
   *[other] { $games } partij
}
rated = za rating
stops-when-decided = konča se, ko je odločeno
game-end-side_empty = vrsta se je izpraznila
game-end-no_move = ni bilo več poteze
game-end-majority = shramba je presegla polovico kamenčkov
game-end-repetition = pozicija se je ponovila
game-end-resign = predaja
game-end-forfeit = brez boja
game-end-timeout = čas je potekel
game-end-draw_agreed = remi po dogovoru
game-end-claimed = zahtevano po odhodu nasprotnika
game-end-abandoned = igralec se ni vrnil
game-end-no_start = prva poteza ni bila narejena pravočasno
match-end-completed = odigrane vse partije
match-end-decided = odločeno predčasno
match-end-forfeit = brez boja
match-end-aborted = prekinjeno
