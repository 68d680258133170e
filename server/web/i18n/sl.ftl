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

## Dvoboj, igran ali gledan

match-title = Dvoboj { $id }
match-not-live = Dvoboj { $id } ne poteka.
replay-from-archive = Oglejte si ga v arhivu
match-over = Dvoboja je konec: { $result }.
server-restarted = Strežnik se je znova zagnal: medtem ni tekla nikogaršnja ura.
offers-draw-now = { $name } ponuja remi.
rematch-watching = Igralca sta se dogovorila za revanšo: zdaj gledate dvoboj { $id }.
announce-move = { $name } je odigral jamico { $house }{ $captured ->
    [0] {""}
   *[other] , zajel { $captured }
}{ $tuzdik ->
    [yes] , in dobil tuzdik
   *[no] {""}
}{ $extra ->
    [yes] , in je spet na potezi
   *[no] {""}
}.
game-drawn-score = Remi { $a }–{ $b }
game-won-score = { $name } zmaga { $a }–{ $b }
game-result = Partija { $game }: { $who } ({ $how }).
seat = mesto { $seat }
match-aborted = prekinjeno
match-drawn = remi { $a }–{ $b }
match-won = { $name } zmaga { $a }–{ $b } ({ $how })
move-not-sent = Ni poslano: povezava je prekinjena. Igra se bo nadaljevala.
move-refused = Poteza zavrnjena: { $reason }
moves-of-game = Poteze te partije
chat-messages = Sporočila klepeta
chat-message = Sporočilo
say-something = Napišite kaj …
send = Pošlji
chat = Klepet
animation-speed = Hitrost animacije
animation-off = Animacija izklopljena
animation-fast = Animacija hitra
animation-normal = Animacija običajna
animation-slow = Animacija počasna
sound-switch = { " " }Zvok
sounds = Zvoki
sound-turn = Vaša poteza
sound-move = Poteza
sound-capture = Zajem
sound-extra_turn = Dodatna poteza
sound-game_end = Konec partije
sound-low_time = Zmanjkuje vam časa
moves = Poteze
loading = Nalaganje …
away = { " " }(odsoten)
score-label = Izid { $a } proti { $b }
game-of-match = { " " }· partija { $game } od { $games }
watching-count = { " " }· gledalcev: { $count }
rules-link = pravila
clock-of = Ura igralca { $name }
first-move-left = Čas za prvo potezo
your-first-move = Vaša prva poteza: { $seconds } s
their-first-move = Prva poteza igralca { $name }: { $seconds } s
connecting-match = Povezovanje z dvobojem …
first-game-soon = Prva partija se bo kmalu začela.
game-over-next = Partije je konec; začenja se naslednja.
plays-house = { $name } igra jamico { $house } …
house-sent = Jamica { $house } poslana …
your-move = Vaša poteza
to-move = Na potezi je { $name }
game-result-label = Izid partije { $game }
game-over-title = Partije { $game } je konec
summary-stores = Shrambe: { $first } { $a }, { $second } { $b }. Izid dvoboja { $x }–{ $y }.
ratings-line = Ratingi: { $changes }.
close = Zapri
hide = Skrij
flip-board = Obrni ploščo
stop-watching = Nehaj gledati
offers-draw = { $name } ponuja remi
accept-draw = Sprejmi remi
decline-draw = Zavrni remi
draw-offered = Remi ponujen
offer-draw-question = Ponudite remi v tej partiji?
offer-draw = Ponudi remi
resign-question = Predate partijo { $game }? To partijo izgubite; dvoboj se nadaljuje.
resign = Predaj
resign-game = Predaj partijo
forfeit-question = Predate dvoboj brez boja? Izgubite to partijo in vse preostale.
forfeit-match = Predaj dvoboj
abort-question = Prekinete dvoboj? Končal se bo brez izida.
abort = Prekini
claim-game = Zahtevaj partijo
go-to-rematch = Na revanšo
offers-rematch = { $name } ponuja revanšo
accept-rematch = Sprejmi revanšo
decline-rematch = Zavrni revanšo
rematch-offered = Revanša ponujena
rematch = Revanša
rematch-declined = Revanša zavrnjena
replay = Ponovitev
back-to-lobby = Nazaj v preddverje
back-to-tournament = Nazaj na turnir
no-move-yet = Partija { $game }: še brez poteze.
no-game-yet = Še brez partije.
game-playing = v teku
game-draw = remi
game-won-by = zmagal je { $name }
moves-count = { $count ->
    [one] { $count } poteza
    [two] { $count } potezi
    [few] { $count } poteze
   *[other] { $count } potez
}
games-caption = Partije
column-first = Prvi
column-result = Izid
column-how = Kako
column-stores = Shrambe ({ $first }–{ $second })
column-points = Točke
spectators-chat = Klepet gledalcev
players-chat = Klepet igralcev
title-your-move = ● Vaša poteza · { $title }

## Plošča

board = Plošča
you-suffix = { $name } (vi)
house-plain = Jamica { $house }
house-yours = Vaša jamica { $house }
house-of = Jamica { $house } igralca { $name }
house-opponent = Nasprotnikova jamica { $house }
store-yours = Vaša shramba
store-of = Shramba igralca { $name }
with-seeds = { $place }, { $count ->
    [one] { $count } kamenček
    [two] { $count } kamenčka
    [few] { $count } kamenčki
   *[other] { $count } kamenčkov
}
best-move = { $label }, najboljša poteza programa
tuzdik-yours = { $place }: vaš tuzdik (njegovi kamenčki gredo v vašo shrambo)
tuzdik-of = { $place }: tuzdik igralca { $name } (njegovi kamenčki gredo v shrambo igralca { $name })
store-label-yours = vaša shramba
store-label-of = shramba: { $name }

## Strani igralcev in lestvica

speed-real_time = Z uro
speed-correspondence = Dopisno
speed-label = { " " }Tempo{" "}
graph-label = { $title }: od { $from } do { $to } v { $count ->
    [one] { $count } dvoboju za rating
    [two] { $count } dvobojih za rating
    [few] { $count } dvobojih za rating
   *[other] { $count } dvobojih za rating
}
graph-before = { $rating } prej
graph-after = { $rating } po dvoboju { $id }
graph-title = { $variant }, { $speed }
profile-of = Profil igralca { $name }
no-rated-match = Še brez dvoboja za rating.
column-speed = Tempo
column-rating = Rating
column-rated-games = Partije za rating
tally = zmag { $won }, remijev { $drawn }, porazov { $lost }
no-match-yet = Še brez dvoboja.
live-suffix = { " " }(v živo)
match-link = dvoboj { $id }
ratings = Ratingi
record = Izkupiček
record-line = Dvoboji: { $matches }. Partije: { $games }.
recent-matches = Zadnji dvoboji
the-leaderboard = Lestvica
leaderboard-empty = Tu še ni nikogar: rating izgubi "?" (začasen) po nekaj dvobojih za rating.

## TV

tv-label = TV: izpostavljeni dvoboj
tv-empty = Zdaj ni dvoboja v živo: TV pokaže najboljšega, takoj ko se začne.
server-unreachable = Strežnik ni dosegljiv.

## Strani s pravili (sama pravila pridejo s strežnika v angleščini)

rules-intro = Vse igre strežnika: pravila na kratko in zgledi iz njihovega opisa, odigrani na plošči:
all-games = Vse igre
worked-examples = Zgledi
rules-title = { $game }: pravila
examples-intro = Izberite zgled: plošča pokaže pozicijo, nato odigra potezo kamenček za kamenčkom.
player-number = Igralec { $n }
example-before = { $id }: na potezi je igralec { $n }, igra jamico { $house }.
play-house = Igraj jamico { $house }
example-game-over = Konec igre ({ $a } proti { $b }).
example-to-move = Na potezi je igralec { $n }.
example-after = { $id }: odigrana jamica { $house }. { $words }
again = Znova
next-example = Naslednji zgled

## Ponovitve in analiza programa

loading-match = Nalaganje dvoboja …
archive-answered = Arhiv je odgovoril { $status }.
still-live = še poteka
replay-drawn = { $how }, remi
replay-won = zmagal je { $name } ({ $how })
play = Predvajaj
pause = Premor
first-move = Prva poteza
previous-move = Prejšnja poteza
next-move = Naslednja poteza
last-move = Zadnja poteza
flip = Obrni
download-records = Prenesi zapise
analyse-with-engine = Analiziraj s programom
analyse = Analiziraj
game-tab = Partija { $game }
engine-reviewing = Program pregleduje vsako potezo …
server-answered = strežnik je odgovoril { $status }
no-analysis = Ni analize: { $reason }
engine-depth = Program, globina { $depth }.
verdict-best = najboljša poteza
verdict-worse = { $class ->
    [inaccuracy] netočnost
    [mistake] napaka
   *[blunder] huda napaka
}, izguba { $loss } (najboljša je bila jamica { $best }, { $value })
move-worth = Jamica { $house } igralca { $name } je vredna { $value }{ $exact ->
    [yes] {" "}(natančno)
   *[no] {""}
}: { $verdict }.
best-here = Najboljše tu za igralca { $name }: jamica { $house }, { $value }{ $exact ->
    [yes] {" "}(natančno)
   *[no] {""}
}.
engine-expects = Program pričakuje: { $line } (jamice, vsaka z leve strani igralca na potezi).
replay-opening = Partija { $game }: začetna pozicija, prvi igra { $name }
replay-move = Partija { $game }, poteza { $ply } od { $plies }: { $name } je odigral jamico { $house }
replay-game-drawn = {"."} Remi ({ $how })
replay-game-won = {"."} Zmagal je { $name } ({ $how })
move-title = { $class ->
    [inaccuracy] netočnost
    [mistake] napaka
   *[blunder] huda napaka
}: izguba { $loss }
evaluation-label = Ocena za igralca { $name } skozi partijo, od { $from } do { $to } kamenčkov; natančnih pozicij: { $exact } od { $count }
no-evaluation = Nobena pozicija ni bila ocenjena
ahead = V vodstvu je { $name }
graph-point = { $ply ->
    [0] Začetna pozicija
   *[other] Po potezi { $ply }
}: { $value }{ $exact ->
    [yes] {" "}(natančno)
   *[no] {""}
}
class-counts = { $name }: netočnosti { $inaccuracies }, napake { $mistakes }, hude napake { $blunders }

## Pravila na kratko in naslovi primerov

rules-mangala-1 = Dve vrsti po 6 jamic s po 4 kamni; vsak igralec ima vrsto bližje sebi in shrambo na svoji desni.
rules-mangala-2 = Poteza dvigne vse kamne iz ene vaših jamic in jih seje enega za drugim v nasprotni smeri urinega kazalca: prvi gre nazaj v jamico, iz katere je prišel (posamezen kamen gre v naslednjo jamico), nato vaše jamice, vaša shramba, nasprotnikove jamice, nikoli njegova shramba.
rules-mangala-3 = Zadnji kamen v vaši shrambi: igrate znova. Zadnji kamen v nasprotnikovi jamici, v kateri je potem sodo število: vzamete vse. Zadnji kamen v vaši prazni jamici: vzamete ga skupaj s kamni nasprotne jamice, če so tam.
rules-mangala-4 = Igra se konča, ko je po potezi ena vrsta prazna: igralec, čigar vrsta se je izpraznila, vzame vse preostale kamne. Zmaga, kdor ima v shrambi več kamnov (več kot 24).
rules-kalah-1 = Dve vrsti po 6 jamic s po 4 kamni (od 3 do 6 po izbiri); vsak igralec ima vrsto bližje sebi in shrambo na svoji desni.
rules-kalah-2 = Poteza dvigne vse kamne iz ene vaših jamic in jih seje enega za drugim v nasprotni smeri urinega kazalca v naslednje jamice in vašo shrambo, nikoli v nasprotnikovo.
rules-kalah-3 = Zadnji kamen v vaši shrambi: igrate znova. Zadnji kamen v vaši prazni jamici, nasproti katere so kamni: oboje gre v vašo shrambo.
rules-kalah-4 = Igra se konča, ko je po potezi ena vrsta prazna; vsak igralec doda, kar je ostalo v njegovi vrsti, v svojo shrambo. Zmaga, kdor ima več kamnov.
rules-oware-1 = Dve vrsti po 6 jamic s po 4 semeni in brez shramb na poti: zajeta semena se hranijo ob strani.
rules-oware-2 = Poteza dvigne vsa semena iz ene vaših jamic in jih seje v nasprotni smeri urinega kazalca; v naslednjih krogih izpusti jamico, iz katere so prišla.
rules-oware-3 = Zadnje seme v nasprotnikovi jamici, v kateri sta potem 2 ali 3: vzamete jo in jamice pred njo v njegovi vrsti, v katerih sta tudi 2 ali 3. Poteza, ki bi mu vzela vsa semena (veliki slam), ne vzame ničesar.
rules-oware-4 = Če le morete, morate nasprotniku pustiti potezo. Igra se konča, ko ima igralec več kot 24, ko nasprotnika ni mogoče nahraniti ali ko se pozicija ponovi: vsak takrat obdrži semena svoje vrste. Zmaga, kdor ima več semen.
rules-kalah_relay-1 = Kalah na 6 jamicah s po 3 kamni in štafetnim sejanjem: zadnji kamen, ki pade v vašo zasedeno jamico, jo dvigne in sejanje se nadaljuje.
rules-kalah_relay-2 = Zadnji kamen v vaši shrambi: igrate znova. Zadnji kamen v vaši prazni jamici: vzamete kamne nasproti (kamen, ki je zajel, ostane, razen če možnost pravi drugače).
rules-kalah_relay-3 = Igra se konča, ko je po potezi ena vrsta prazna; vsak igralec doda svojo vrsto v shrambo. Zmaga, kdor ima več kamnov (več kot 18).
rules-congkak-1 = Dve vrsti po 7 jamic s po 7 semeni, igra se izmenično.
rules-congkak-2 = Poteza dvigne eno vaših jamic in seje v nasprotni smeri urinega kazalca skozi vašo shrambo; zadnje seme v zasedeni jamici na kateri koli strani jo dvigne in sejanje se nadaljuje.
rules-congkak-3 = Zadnje seme v vaši shrambi: igrate znova. Zadnje seme v vaši prazni jamici: vzamete ga in nasprotno jamico.
rules-congkak-4 = Igra se konča, ko igralec na potezi nima semen v svoji vrsti; vsak obdrži, kar je v njegovi vrsti. Zmaga, kdor ima več semen (več kot 49).
rules-togyz_kumalak-1 = Narodna igra Kazahstana: dve vrsti po 9 jamic s po 9 kamni, skupaj 162; shramba (kazan) vsakega igralca hrani, kar je zajel.
rules-togyz_kumalak-2 = Poteza dvigne vse kamne iz ene vaših jamic in jih seje enega za drugim v nasprotni smeri urinega kazalca: prvi nazaj v jamico, iz katere je prišel (posamezen kamen gre v naslednjo jamico), nato vaše jamice navzgor, nato nasprotnikove od njegove prve.
rules-togyz_kumalak-3 = Zadnji kamen v nasprotnikovi jamici, v kateri je potem sodo število: vzamete vse. Če jih je v njej natanko 3, postane do konca igre vaš tuzdik (en na igralca; nikoli njegova 9. jamica niti jamica s številko njegovega tuzdika): vsak kamen, posejan vanjo, je vaš.
rules-togyz_kumalak-4 = Več kot 81 v shrambi takoj zmaga (kamni na plošči takrat ne štejejo nikomur). Igralec brez kamna za potezo: drugi vzame, kar je ostalo v njegovi vrsti, in igra se konča; 81 proti 81 je remi.
rules-bestemshe-1 = Pravila togyz kumalaka na majhni plošči: dve vrsti po 5 jamic s po 5 kamni, skupaj 50, in brez tuzdika.
rules-bestemshe-2 = Sejte v nasprotni smeri urinega kazalca iz ene svojih jamic, prvi kamen nazaj vanjo (posamezen gre naprej); zadnji kamen, ki nasprotnikovo jamico naredi sodo, jo vzame.
rules-bestemshe-3 = Več kot 25 v shrambi zmaga. Igralec brez kamna za potezo: drugi vzame, kar je ostalo, in igra se konča.
example-T1 = Odprtje: prvi kamen nazaj v izvorno jamico, zajem sodega števila
example-T2 = Nastane tuzdik: zadnji kamen naredi v nasprotnikovi jamici natanko 3
example-T3 = Krog 20 kamnov skozi oba tuzdika
example-T4a = V nasprotnikovi 9. jamici ni tuzdika
example-T4b = Ni tuzdika v jamici z isto številko kot nasprotnikov tuzdik
example-T4c = Kontrola: v isti poziciji jamica 5 naredi tuzdik
example-T4d = Drugega tuzdika ni
example-T5 = Posamezen kamen gre v naslednjo jamico (in zajame)
example-T6 = Konec igre: rezultat preseže polovico (82 od 162); brez pobiranja
example-T7 = Konec igre: nasprotniku ni ostal noben kamen; remi 81 : 81
example-B1 = Odprtje bestemshe: c1d2
example-B2 = Bestemshe nima tuzdika: 3 je le liho število
example-B3a = Bestemshe: izpraznitev lastne vrste ne konča igre
example-B3b = … in če nasprotnik ne nahrani, ostanek vzame on

## Zavrnitve odjemalca v brskalniku

refusal-disconnected = Povezava prekinjena: ponovno povezovanje…
refusal-not_found = Tu ni bilo najdeno nič.
refusal-bad_request = Strežnik na to zahtevo ni mogel odgovoriti.

## Turnirji

nav-tournaments = Turnirji
tournament-stage-waiting = prijave
tournament-stage-playing = krog poteka
tournament-stage-between_rounds = med krogoma
tournament-stage-over = končan
countdown-hours = { $h } h { $m } min
countdown-minutes = { $m } min { $s } s
tournament-sign-in = Prijavite se, da se pridružite turnirju ali ga ustvarite.
tournaments-empty = Turnirjev še ni: ustvarite prvega.
column-tournament = Turnir
column-stage = Stanje
round-of = krog { $round } od { $rounds }
tournament-default-name = Petkov švicarski turnir
tournament-create-title = Ustvari turnir
tournament-create-intro = Švicarski sistem: vsak krog je dvoboj v igri in tempu po vaši izbiri, pari po švicarskem sistemu. Arena: določen čas vsak, ki konča dvoboj, takoj dobi novega nasprotnika. Za vodenje turnirja mora biti vaše ime zaščiteno z geslom.
tournament-name = Ime
tournament-rounds = Krogi
tournament-starts-in = Začetek čez (minut; 0: takoj)
tournament-between = Minut med krogoma
tournament-create = Ustvari turnir
tournament-title = Turnir { $id }
all-tournaments = Vsi turnirji
lobby-no-tournament = Noben turnir ne poteka in noben ni napovedan.
lobby-tournament-leaders = Vodijo: { $leaders }
lobby-tournament-entrants = Prijavljenih: { $count }
tournament-joined = Prijavljeni ste: ob začetku vsakega kroga se tu odpre vaš dvoboj.
tournament-withdrew = Izstopili ste.
tournament-withdraw = Izstopi
tournament-join = Pridruži se
tournament-no-entrants = Nihče se še ni pridružil.
tournament-standings = Lestvica
column-game-points = Igre
tournament-withdrawn = (izstopil)
round-n = Krog { $round }
board-forfeit = { $first }–{ $second } brez boja
board-playing = poteka
board-replay = posnetek
board-watch = glej
board-bye = Prost: { $name }
tournament-about = { $settings }; { $rounds ->
    [one] { $rounds } krog
    [two] { $rounds } kroga
    [few] { $rounds } krogi
   *[other] { $rounds } krogov
}; vodi { $director }.
tournament-starts-countdown = Začetek čez { $time }.
next-round-countdown = Naslednji krog čez { $time }.
password-protect-title = Zaščitite svoje ime
password-protect-intro = Geslo ime za vedno ohrani vam, omogoča prijavo na kateri koli napravi in vodenje turnirjev.
password-new = Novo geslo (vsaj 8 znakov)
password-set-button = Nastavi geslo
password-set-done = Vaše ime je zaščiteno: z njim se prijavite na kateri koli napravi.
tournament-min-rating = Najnižji rating (neobvezno)
tournament-entry-rating = Vstop: rating { $rating } ali več v tej igri in tempu.
tournament-private-check = Zaseben: videli in prijavili se bodo lahko le tisti, ki jim dam njegov naslov
tournament-computers = Računalniški igralci (le prijateljski turnirji)
tournament-private-link = Zaseben: kdor ima ta naslov, ga lahko vidi in se prijavi.
tournament-private-address = Zasebni naslov turnirja
berserked-now = { $name } gre v berserk.
berserk-question = Berserk: igrati ta dvoboj na pol ure, brez dodatka, za točko več ob zmagi?
berserk-explained = Berserk: pol ure in brez dodatka v tem dvoboju, točka več v areni za zmago
berserk-mark = ⚡
berserk = Berserk
go-to-board = Na svojo desko
your-board = Vaš dvoboj z { $name } poteka.
arena-matches = Dvoboji
arena-left = (odšel)
on-fire-explained = V ognju: dve zaporedni zmagi, naslednja šteje dvojno
on-fire = 🔥
column-marks = Točke vsakega dvoboja
column-matches = Dvoboji
arena-leaderboard = Lestvica
arena-playing-out = Čas je potekel: odigravajo se zadnji dvoboji.
arena-ends-countdown = Konec čez { $time }: nato ni več parov; dvoboji v teku se odigrajo.
arena-berserk-rule = Berserk pred vašo prvo potezo: pol ure in brez dodatka za ves dvoboj, točka več za zmago.
arena-rules = Kdor konča dvoboj, takoj dobi nasprotnika blizu na lestvici. Zmaga 2 točki, remi 1; po dveh zaporednih zmagah zmage štejejo dvojno, dokler dvoboj ni dobljen.
arena-about = { $settings }; arena { $minutes } minut; vodja { $director }.
arena-length = arena, { $minutes } min
arena-stage-playing = poteka
arena-berserk-check = Berserk dovoljen (ure v realnem času)
arena-minutes = Dolžina (minute)
format-arena = Arena (na čas)
format-swiss = Švicarski (krogi)
tournament-format = Vrsta
