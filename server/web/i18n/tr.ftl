# Tarayıcı istemcisinin Türkçe metinleri (en.ftl'deki her ileti burada da bulunur).

## Üst çubuk

nav-tv = TV
nav-leaderboard = Sıralama
nav-rules = Kurallar
language = Dil
theme-auto = Tema: sistem
theme-dark = Tema: koyu
theme-light = Tema: açık
signed-in-as = Giriş yapan:{" "}
sign-out = Çıkış
connecting = Bağlanıyor…
connection-lost = Bağlantı koptu: yeniden bağlanılıyor…
replaced = Başka bir pencereden giriş yaptınız, bu pencere durdu.{" "}
use-this-window = Bu pencereyi kullan
try-again = Yeniden dene
yes = Evet
cancel = Vazgeç
variants-unread = Sunucunun oyunları okunamadı. { $reason }

## Giriş ve giriş öncesi ön sayfa

sign-in = Giriş yap
sign-in-title = Mangala oyna
sign-in-intro = Oynayacağınız bir ad seçin. Bu tarayıcıda sizin kalır; misafir olarak oynamak için parola koymayın.
name = Ad
password-if-any = Parola (yalnızca adınızın parolası varsa)
name-needed = Bir ad yazın: 1 ile 20 arası harf ya da rakam, _ veya -.
name-taken = Bu ad alınmış. Başka bir ad seçin ya da parolasını girin.
preview-title = Şu an lobide
preview-reading = Lobi okunuyor…
preview-counts = { $online } çevrimiçi · { $live } canlı maç. Oynamak ya da izlemek için giriş yapın.
preview-featured = Öne çıkan:{" "}
preview-featured-game = { " " }· { $settings } · { $game }. oyun (giriş yapınca{" "}
preview-featured-end = { " " }ekranında)
preview-no-seek = Açık ilan yok: giriş yapıp bir tane açın.
preview-seeks = { " " }bir ilan açtı: { $settings }
preview-match = { " " }· { $settings } · { $game }. oyun
preview-no-match = Canlı maç yok.
open-seeks = Açık ilanlar
live-matches = Canlı maçlar

## Meydan okumalar

challenge-from = { $name } kişisinden meydan okuma
challenge-received = { $name } size meydan okuyor: { $settings } ({ $seconds } sn){" "}
challenge-arrived = { $name } size meydan okuyor.
challenge-accept = Kabul et
challenge-decline = Reddet
challenge-to = { $name } kişisine meydan okuma
challenge-sent = { $name } kişisine meydan okudunuz: { $settings } ({ $seconds } sn){" "}
challenge-withdraw = Geri çek
challenge-closed-declined = { $name } ile meydan okuma reddedildi.
challenge-closed-withdrawn = { $name } ile meydan okuma geri çekildi.
challenge-closed-expired = { $name } ile meydan okumanın süresi doldu.
challenge-closed-player_left = { $name } ile meydan okuma sona erdi: diğer oyuncu ayrıldı.

## Özel maç daveti

invitation = Davet
invitation-title = Özel bir maça davet
invitation-reading = Davet okunuyor…
invitation-offer = { " " }sizi oynamaya davet ediyor: { $settings }.
invitation-join = Maça katıl
invitation-closed = Bu davet artık açık değil.
go-to-lobby = Lobiye git

## Lobi

lobby = Lobi
new-game = Yeni oyun
yours = Sizinkiler
create-seek = İlan aç
quick-pairing = Hızlı eşleşme
challenge = Meydan oku
player-to-challenge = Meydan okunacak oyuncu
player-name = oyuncu adı
challenge-whom = Meydan okumak istediğiniz oyuncunun adını yazın.
computer-opponent = Bilgisayar rakibi
play-computer = Bilgisayara karşı oyna
computer-level = { $name } (seviye { $level }{ $level ->
    [1] , neredeyse rastgele
    [8] , tam güç
   *[other] {""}
})
no-seeks = Açık ilan yok. Bir tane açın ya da hızlı eşleşmeyi kullanın.
column-player = Oyuncu
column-game = Oyun
column-players = Oyuncular
column-score = Skor
column-watching = İzleyen
cancel-seek = { $id } numaralı ilanı iptal et
accept-seek-of = { $name } adlı oyuncunun ilanını kabul et
accept = Kabul et
seek-rating-range = { " " }· puanlar { $min }–{ $max }
players-online = { $count } oyuncu çevrimiçi
no-live-matches = Canlı maç yok.
game-of = { $game } / { $games }
watch-match = { $first } – { $second } maçını izle
open = Aç
watch = İzle
your-match = { $name } ile maçınız ({ $settings })
waiting-for-opponent = { " " }Rakip bekleniyor: { $settings } ({ $seconds } sn){" "}
leave-pairing = Eşleşmeden çık
your-seek = İlanınız: { $settings }{" "}
your-private-seek = Özel ilanınız: { $settings }{" "}
invitation-link = Davet:{" "}
copy-link = Bağlantıyı kopyala
link-copied = Bağlantı kopyalandı.
copy-by-hand = Bağlantıyı elle kopyalayın.
nothing-yet = Henüz bir şey yok: maçlarınız ve ilanlarınız burada görünür.

## Ayarlar formu

form-game = Oyun{" "}
form-games = Maçtaki oyun sayısı{" "}
stop-when-decided = { " " }Sonuç belli olunca dur
time-presets = Hazır süre ayarları
clock = Saat{" "}
untimed-choice = Süresiz
real-time = Gerçek zamanlı
correspondence = Yazışmalı
form-minutes = Dakika{" "}
form-increment = { " " }+ hamle başına saniye{" "}
form-days = Hamle başına gün{" "}
rated-check = { " " }Puanlı
rating-from = { " " }Rakip puanı en az{" "}
rating-to = { " " }en çok{" "}
rating-any = herhangi
private-check = { " " }Özel (listelemek yerine bağlantı paylaş)
preset-days = { $days } gün
real-time-limits = Gerçek zamanlı: 1 ile 180 dakika ve hamle başına 0 ile 60 saniye.
correspondence-limits = Yazışmalı: hamle başına 1 ile 14 gün.

## Ayarların sözle anlatımı

variant-mangala = Mangala
variant-kalah = Kalah
variant-oware = Oware (abapa)
variant-kalah_relay = Aktarmalı ekimli Kalah
variant-congkak = Congkak
variant-togyz_kumalak = Togız Kumalak
variant-bestemshe = Bestemşe
param-seeds_per_house = Kuyu başına taş
param-seeds_per_house-short = { $count } taş
param-empty_capture = Boş kuyu alımı (boş kuyunun karşısındaki tek taş hazineye gider)
param-empty_capture-short = boş kuyu alımı
param-grand_slam = Büyük vuruş
param-grand_slam-short = büyük vuruş
param-capture_includes_last = Alım son taşı da içerir
param-capture_includes_last-short = alım son taşı içerir
param-empty_opposite = Son taş kendi boş kuyusunda, karşısı boş
param-empty_opposite-short = karşısı boş tek taş
param-houses = Sıra başına kuyu
param-houses-short = kuyu
param-value-legal_no_capture = geçerli, bir şey almaz
param-value-illegal_unless_forced = zorunlu değilse geçersiz
param-value-nothing = bir şey olmaz
param-value-last_to_store = taş hazineye gider
untimed = süresiz
real-time-control = { $minutes } dk + { $seconds } sn
days-a-move = hamle başına { $days } gün
games-count = { $games } oyun
rated = puanlı
stops-when-decided = sonuç belli olunca biter
game-end-side_empty = bir sıra boşaldı
game-end-no_move = hamle kalmadı
game-end-majority = bir hazine taşların yarısını geçti
game-end-repetition = bir konum tekrarlandı
game-end-resign = terk
game-end-forfeit = hükmen
game-end-timeout = süre bitti
game-end-draw_agreed = anlaşmalı beraberlik
game-end-claimed = rakip ayrılınca talep edildi
game-end-abandoned = oyuncu geri dönmedi
game-end-no_start = ilk hamle zamanında yapılmadı
match-end-completed = tüm oyunlar oynandı
match-end-decided = erken belli oldu
match-end-forfeit = hükmen
match-end-aborted = iptal edildi

## Maç: oynanan ya da izlenen

match-title = Maç { $id }
match-not-live = { $id } numaralı maç canlı değil.
replay-from-archive = Arşivden yeniden izle
match-over = Maç bitti: { $result }.
server-restarted = Sunucu yeniden başladı: kapalıyken kimsenin saati işlemedi.
offers-draw-now = { $name } beraberlik öneriyor.
rematch-watching = Oyuncular rövanşta anlaştı: şimdi { $id } numaralı maç izleniyor.
announce-move = { $name } { $house }. kuyuyu oynadı{ $captured ->
    [0] {""}
   *[other] , { $captured } taş aldı
}{ $tuzdik ->
    [yes] , tuzdık kazandı
   *[no] {""}
}{ $extra ->
    [yes] , yeniden oynuyor
   *[no] {""}
}.
game-drawn-score = Berabere { $a }–{ $b }
game-won-score = { $name } kazandı { $a }–{ $b }
game-result = { $game }. oyun: { $who } ({ $how }).
seat = { $seat }. koltuk
match-aborted = iptal edildi
match-drawn = berabere { $a }–{ $b }
match-won = { $name } kazandı { $a }–{ $b } ({ $how })
move-not-sent = Gönderilmedi: bağlantı koptu. Yeniden bağlanınca sürecek.
move-refused = Hamle reddedildi: { $reason }
moves-of-game = Bu oyunun hamleleri
chat-messages = Sohbet iletileri
chat-message = Sohbet iletisi
say-something = Bir şey yazın…
send = Gönder
chat = Sohbet
animation-speed = Animasyon hızı
animation-off = Animasyon kapalı
animation-fast = Animasyon hızlı
animation-normal = Animasyon normal
animation-slow = Animasyon yavaş
sound-switch = { " " }Ses
sounds = Sesler
sound-turn = Sıra sizde
sound-move = Bir hamle
sound-capture = Bir alım
sound-extra_turn = Ek hamle
sound-game_end = Oyun sonu
sound-low_time = Süreniz azalıyor
moves = Hamleler
loading = Yükleniyor…
away = { " " }(uzakta)
score-label = Skor { $a } – { $b }
game-of-match = { " " }· { $game }. oyun / { $games }
watching-count = { " " }· { $count } izleyen
rules-link = kurallar
clock-of = { $name } saati
first-move-left = İlk hamle için kalan süre
your-first-move = İlk hamleniz: { $seconds } sn
their-first-move = { $name } ilk hamlesi: { $seconds } sn
connecting-match = Maça bağlanılıyor…
first-game-soon = İlk oyun başlamak üzere.
game-over-next = Oyun bitti; sıradaki başlıyor.
plays-house = { $name } { $house }. kuyuyu oynuyor…
house-sent = { $house }. kuyu gönderildi…
your-move = Sıra sizde
to-move = Sıra { $name } oyuncusunda
game-result-label = { $game }. oyunun sonucu
game-over-title = { $game }. oyun bitti
summary-stores = Hazineler: { $first } { $a }, { $second } { $b }. Maç skoru { $x }–{ $y }.
ratings-line = Puanlar: { $changes }.
close = Kapat
hide = Gizle
flip-board = Tahtayı çevir
stop-watching = İzlemeyi bırak
offers-draw = { $name } beraberlik öneriyor
accept-draw = Beraberliği kabul et
decline-draw = Beraberliği reddet
draw-offered = Beraberlik önerildi
offer-draw-question = Bu oyunda beraberlik önerilsin mi?
offer-draw = Beraberlik öner
resign-question = { $game }. oyun terk edilsin mi? Bu oyunu kaybedersiniz; maç sürer.
resign = Terk et
resign-game = Oyunu terk et
forfeit-question = Maç hükmen bırakılsın mı? Bu oyunu ve kalan tüm oyunları kaybedersiniz.
forfeit-match = Maçı bırak
abort-question = Maç iptal edilsin mi? Sonuçsuz biter.
abort = İptal et
claim-game = Oyunu talep et
go-to-rematch = Rövanşa git
offers-rematch = { $name } rövanş öneriyor
accept-rematch = Rövanşı kabul et
decline-rematch = Rövanşı reddet
rematch-offered = Rövanş önerildi
rematch = Rövanş
rematch-declined = Rövanş reddedildi
replay = Yeniden izle
back-to-lobby = Lobiye dön
back-to-tournament = Turnuvaya dön
no-move-yet = { $game }. oyun: henüz hamle yok.
no-game-yet = Henüz oyun yok.
game-playing = oynanıyor
game-draw = berabere
game-won-by = { $name } kazandı
moves-count = { $count } hamle
games-caption = Oyunlar
column-first = İlk
column-result = Sonuç
column-how = Nasıl
column-stores = Hazineler ({ $first }–{ $second })
column-points = Puan
spectators-chat = İzleyici sohbeti
players-chat = Oyuncu sohbeti
title-your-move = ● Sıra sizde · { $title }

## Tahta

board = Tahta
you-suffix = { $name } (siz)
house-plain = { $house }. kuyu
house-yours = Sizin { $house }. kuyunuz
house-of = { $name } oyuncusunun { $house }. kuyusu
house-opponent = Rakibin { $house }. kuyusu
store-yours = Hazineniz
store-of = { $name } oyuncusunun hazinesi
with-seeds = { $place }, { $count } taş
best-move = { $label }, motorun en iyi hamlesi
tuzdik-yours = { $place }: sizin tuzdığınız (taşları hazinenize gider)
tuzdik-of = { $place }: { $name } oyuncusunun tuzdığı (taşları onun hazinesine gider)
store-label-yours = hazineniz
store-label-of = { $name } hazinesi

## Oyuncu sayfaları ve sıralama

speed-real_time = Gerçek zamanlı
speed-correspondence = Yazışmalı
speed-label = { " " }Hız{" "}
graph-label = { $title }: { $count } puanlı maçta { $from } puandan { $to } puana
graph-before = önce { $rating }
graph-after = { $id } numaralı maçtan sonra { $rating }
graph-title = { $variant }, { $speed }
profile-of = { $name } profili
no-rated-match = Henüz puanlı maç yok.
column-speed = Hız
column-rating = Puan
column-rated-games = Puanlı oyun
tally = { $won } galibiyet, { $drawn } beraberlik, { $lost } yenilgi
no-match-yet = Henüz maç yok.
live-suffix = { " " }(canlı)
match-link = maç { $id }
ratings = Puanlar
record = Sicil
record-line = Maçlar: { $matches }. Oyunlar: { $games }.
recent-matches = Son maçlar
the-leaderboard = Sıralama
leaderboard-empty = Burada henüz kimse yok: birkaç puanlı maçtan sonra puanın "?" (geçici) işareti kalkar.

## TV

tv-label = TV: öne çıkan maç
tv-empty = Şu an canlı maç yok: TV, biri başlar başlamaz en iyisini gösterir.
server-unreachable = Sunucuya ulaşılamıyor.

## Kural sayfaları (kuralların metni sunucudan İngilizce gelir)

rules-intro = Sunucunun sunduğu her oyun: kısaca kuralları ve tanımındaki çözümlü örnekler bir tahtada oynanarak:
all-games = Tüm oyunlar
worked-examples = Çözümlü örnekler
rules-title = { $game }: kurallar
examples-intro = Birini seçin: tahta konumu gösterir, sonra hamleyi taş taş oynar.
player-number = Oyuncu { $n }
example-before = { $id }: sıra { $n }. oyuncuda, { $house }. kuyuyu oynar.
play-house = { $house }. kuyuyu oyna
example-game-over = Oyun bitti ({ $a } – { $b }).
example-to-move = Sıra { $n }. oyuncuda.
example-after = { $id }: { $house }. kuyu oynandı. { $words }
again = Yeniden
next-example = Sonraki örnek

## Yeniden izleme ve motor analizi

loading-match = Maç yükleniyor…
archive-answered = Arşiv { $status } yanıtını verdi.
still-live = hâlâ sürüyor
replay-drawn = { $how }, berabere
replay-won = { $name } kazandı ({ $how })
play = Oynat
pause = Duraklat
first-move = İlk hamle
previous-move = Önceki hamle
next-move = Sonraki hamle
last-move = Son hamle
flip = Çevir
download-records = Kayıtları indir
analyse-with-engine = Motorla analiz et
analyse = Analiz et
game-tab = { $game }. oyun
engine-reviewing = Motor her hamleyi inceliyor…
server-answered = sunucu { $status } yanıtını verdi
no-analysis = Analiz yok: { $reason }
engine-depth = Motor, { $depth } yarım hamle.
verdict-best = en iyi hamle
verdict-worse = { $class ->
    [inaccuracy] bir yanlışlık
    [mistake] bir hata
   *[blunder] büyük bir hata
}, { $loss } kaybettirdi (en iyisi { $best }. kuyuydu, { $value })
move-worth = { $name } oyuncusunun { $house }. kuyusu { $value } değerinde{ $exact ->
    [yes] {" "}(kesin)
   *[no] {""}
}: { $verdict }.
best-here = Burada { $name } için en iyisi: { $house }. kuyu, { $value }{ $exact ->
    [yes] {" "}(kesin)
   *[no] {""}
}.
engine-expects = Motorun beklediği: { $line } (kuyular, her biri oynayanın solundan).
replay-opening = { $game }. oyun: açılış, ilk hamle { $name } oyuncusunun
replay-move = { $game }. oyun, { $ply }/{ $plies }. hamle: { $name } { $house }. kuyuyu oynadı
replay-game-drawn = {"."} Berabere ({ $how })
replay-game-won = {"."} { $name } kazandı ({ $how })
move-title = { $class ->
    [inaccuracy] yanlışlık
    [mistake] hata
   *[blunder] büyük hata
}: { $loss } kayıp
evaluation-label = Oyun boyunca { $name } için değerlendirme: { $from } taştan { $to } taşa; { $count } konumdan { $exact } tanesi kesin
no-evaluation = Hiçbir konum değerlendirilmedi
ahead = { $name } önde
graph-point = { $ply ->
    [0] Açılış
   *[other] { $ply }. hamleden sonra
}: { $value }{ $exact ->
    [yes] {" "}(kesin)
   *[no] {""}
}
class-counts = { $name }: { $inaccuracies } yanlışlık, { $mistakes } hata, { $blunders } büyük hata

## Kısaca kurallar ve örneklerin başlıkları

rules-mangala-1 = Altışar kuyudan iki sıra, her kuyuda 4 taş; her oyuncu kendine yakın sıranın ve sağındaki hazinenin sahibidir.
rules-mangala-2 = Hamlede kuyularından birindeki bütün taşlar alınır ve saat yönünün tersine birer birer dağıtılır: ilki alındığı kuyuya geri konur (tek taş bir sonraki kuyuya geçer), sonra kendi kuyuların, hazinen, rakibin kuyuları; rakibin hazinesine asla.
rules-mangala-3 = Son taş hazinene düşerse yine oynarsın. Son taş rakibin bir kuyusunu çift sayıya getirirse hepsini alırsın. Son taş kendi boş kuyuna düşerse onu ve karşıdaki kuyuda taş varsa onları alırsın.
rules-mangala-4 = Bir hamleden sonra bir sıra boşalınca oyun biter: sırası boşalan oyuncu kalan bütün taşları alır. Hazinesinde çok taş olan kazanır (24'ten fazla).
rules-kalah-1 = Altışar kuyudan iki sıra, her kuyuda 4 taş (seçime göre 3 ile 6); her oyuncu kendine yakın sıranın ve sağındaki hazinenin sahibidir.
rules-kalah-2 = Hamlede kuyularından birindeki bütün taşlar alınır ve saat yönünün tersine birer birer sonraki kuyulara ve kendi hazinene dağıtılır; rakibin hazinesine asla.
rules-kalah-3 = Son taş hazinene düşerse yine oynarsın. Son taş, karşısında taş olan kendi boş kuyuna düşerse ikisini de hazinene alırsın.
rules-kalah-4 = Bir hamleden sonra bir sıra boşalınca oyun biter; her oyuncu sırasında kalanı hazinesine ekler. Çok taşı olan kazanır.
rules-oware-1 = Altışar kuyudan iki sıra, her kuyuda 4 tohum; yolda hazine yoktur: alınan tohumlar bir kenarda tutulur.
rules-oware-2 = Hamlede kuyularından birindeki bütün tohumlar alınır ve saat yönünün tersine dağıtılır; sonraki turlarda alındığı kuyu atlanır.
rules-oware-3 = Son tohum rakibin bir kuyusunu 2 ya da 3 yaparsa onu ve rakibin sırasında ondan önceki 2 ya da 3 olan kuyuları alırsın. Rakibin bütün tohumlarını alacak bir hamle (büyük şlem) hiçbir şey almaz.
rules-oware-4 = Elinden geliyorsa rakibe hamle bırakmalısın. Bir oyuncu 24'ten fazla topladığında, rakip beslenemediğinde ya da bir konum tekrarlandığında oyun biter: her oyuncu kendi sırasındaki tohumları alır. Çok tohumu olan kazanır.
rules-kalah_relay-1 = 3 taşlı 6 kuyuda Kalah, aktarmalı dağıtımla: kendi dolu kuyuna düşen son taş o kuyuyu kaldırır ve dağıtım sürer.
rules-kalah_relay-2 = Son taş hazinene düşerse yine oynarsın. Son taş kendi boş kuyuna düşerse karşıdaki taşları alırsın (seçenek aksini demedikçe alan taş yerinde kalır).
rules-kalah_relay-3 = Bir hamleden sonra bir sıra boşalınca oyun biter; her oyuncu sırasını hazinesine ekler. Çok taşı olan kazanır (18'den fazla).
rules-congkak-1 = Yedişer kuyudan iki sıra, her kuyuda 7 tohum; sırayla oynanır.
rules-congkak-2 = Hamlede kuyularından biri kaldırılır ve saat yönünün tersine hazinenden geçerek dağıtılır; iki taraftan birinde dolu bir kuyuya düşen son tohum o kuyuyu kaldırır ve dağıtım sürer.
rules-congkak-3 = Son tohum hazinene düşerse yine oynarsın. Son tohum kendi boş kuyuna düşerse onu ve karşıdaki kuyuyu alırsın.
rules-congkak-4 = Sırası gelen oyuncunun sırasında tohum kalmayınca oyun biter; herkes sırasındakini alır. Çok tohumu olan kazanır (49'dan fazla).
rules-togyz_kumalak-1 = Kazakistan'ın ulusal oyunu: dokuzar kuyudan iki sıra, her kuyuda 9 taş, toplam 162; her oyuncunun hazinesi (kazan) aldıklarını tutar.
rules-togyz_kumalak-2 = Hamlede kuyularından birindeki bütün taşlar alınır ve saat yönünün tersine birer birer dağıtılır: ilki alındığı kuyuya geri (tek taş bir sonraki kuyuya geçer), sonra kendi kuyuların yukarı doğru, sonra rakibinkiler onun ilkinden başlayarak.
rules-togyz_kumalak-3 = Son taş rakibin bir kuyusunu çift sayıya getirirse hepsini alırsın. O kuyuyu tam 3 yaparsa oyunun sonuna dek senin tuzdikin olur (oyuncu başına bir tane; asla onun 9. kuyusu, ne de onun tuzdikiyle aynı numaralı kuyu): içine düşen her taş senindir.
rules-togyz_kumalak-4 = Hazinende 81'den fazla taş olunca hemen kazanırsın (tahtadaki taşlar o zaman kimsenin sayılmaz). Oynayacak taşı kalmayan oyuncuda: diğeri kendi sırasında kalanı alır ve oyun biter; 81'e 81 beraberliktir.
rules-bestemshe-1 = Küçük bir tahtada Togyz Kumalak kuralları: beşer kuyudan iki sıra, her kuyuda 5 taş, toplam 50, tuzdik yok.
rules-bestemshe-2 = Kuyularından birinden saat yönünün tersine dağıt, ilk taş geri ona (tek taş bir sonrakine geçer); rakibin bir kuyusunu çift yapan son taş onu alır.
rules-bestemshe-3 = Hazinende 25'ten fazla taş kazandırır. Oynayacak taşı kalmayan oyuncuda: diğeri kalanı alır ve oyun biter.
example-T1 = Açılış: ilk taş alındığı kuyuya geri döner, çift alış
example-T2 = Tuzdik yapıldı: son taş rakibin bir kuyusunu tam 3 yapar
example-T3 = İki tuzdikten geçen 20 taşlık bir tur
example-T4a = Rakibin 9. kuyusunda tuzdik olmaz
example-T4b = Rakibin tuzdikiyle aynı numaralı kuyuda tuzdik olmaz
example-T4c = Karşılaştırma: aynı konumda 5. kuyu tuzdik yapar
example-T4d = İkinci tuzdik olmaz
example-T5 = Tek taş bir sonraki kuyuya geçer (ve alır)
example-T6 = Oyun bitti: bir skor yarıyı geçer (162'nin 82'si); süpürme yok
example-T7 = Oyun bitti: rakibin taşı kalmadı; 81 : 81 berabere
example-B1 = Bestemshe açılışı: c1d2
example-B2 = Bestemshe'de tuzdik yok: 3 yalnızca tek sayıdır
example-B3a = Bestemshe: kendi sıranı boşaltmak oyunu bitirmez
example-B3b = { "." }.. ve rakip beslemezse kalanı o alır

## Tarayıcı istemcisinin kendi retleri

refusal-disconnected = Bağlantı koptu: yeniden bağlanılıyor…
refusal-not_found = Orada hiçbir şey bulunamadı.
refusal-bad_request = Sunucu bu isteği yanıtlayamadı.

## Turnuvalar

nav-tournaments = Turnuvalar
tournament-stage-waiting = kayıt alıyor
tournament-stage-playing = tur oynanıyor
tournament-stage-between_rounds = turlar arası
tournament-stage-over = bitti
countdown-hours = { $h } sa { $m } dk
countdown-minutes = { $m } dk { $s } sn
tournament-sign-in = Turnuvaya katılmak ya da açmak için giriş yap.
tournaments-empty = Henüz turnuva yok: ilkini sen aç.
column-tournament = Turnuva
column-stage = Durum
round-of = tur { $round }/{ $rounds }
tournament-default-name = Cuma İsviçre turnuvası
tournament-create-title = Turnuva aç
tournament-create-intro = İsviçre: her tur, seçtiğin oyun ve sürede bir maçtır; eşleşmeler İsviçre sistemiyle yapılır. Arena: belirli bir süre boyunca maçını bitiren hemen yeni bir rakiple eşleşir. Turnuva yönetmek için adının parolası olmalı.
tournament-name = Ad
tournament-rounds = Tur sayısı
tournament-starts-in = Başlangıç (dakika sonra; 0: hemen)
tournament-between = Turlar arası dakika
tournament-create = Turnuvayı aç
tournament-title = Turnuva { $id }
all-tournaments = Tüm turnuvalar
lobby-no-tournament = Süren ya da yaklaşan turnuva yok.
lobby-tournament-leaders = Önde: { $leaders }
lobby-tournament-entrants = Şimdiye dek { $count } katılımcı
tournament-joined = Katıldın: her tur başladığında maçın burada açılır.
tournament-withdrew = Çekildin.
tournament-withdraw = Çekil
tournament-join = Katıl
tournament-no-entrants = Henüz kimse katılmadı.
tournament-standings = Sıralama
column-game-points = Oyunlar
tournament-withdrawn = (çekildi)
round-n = Tur { $round }
board-forfeit = { $first }–{ $second } hükmen
board-playing = oynanıyor
board-replay = tekrar izle
board-watch = izle
board-bye = Bay: { $name }
tournament-about = { $settings }; { $rounds } tur; yöneten { $director }.
tournament-starts-countdown = { $time } sonra başlıyor.
next-round-countdown = Sonraki tur { $time } sonra.
password-protect-title = Adını koru
password-protect-intro = Parola adını kalıcı olarak senin yapar, her cihazdan giriş yapmanı ve turnuva yönetmeni sağlar.
password-new = Yeni parola (en az 8 karakter)
password-set-button = Parolayı kaydet
password-set-done = Adın korunuyor: her cihazdan onunla giriş yap.
tournament-min-rating = En düşük puan (isteğe bağlı)
tournament-entry-rating = Katılım: bu oyun ve hızda { $rating } ya da daha yüksek puan.
tournament-private-check = Özel: yalnızca adresini verdiklerim görüp katılabilir
tournament-computers = Bilgisayar oyuncuları (yalnızca puansız turnuvalarda)
tournament-private-link = Özel: bu adresi bilen herkes görebilir ve katılabilir.
tournament-private-address = Turnuvanın özel adresi
berserked-now = { $name } berserk yapıyor.
berserk-question = Berserk: bu maçı sürenin yarısıyla, ek süresiz, kazanırsan bir puan fazlasına oynamak?
berserk-explained = Berserk: bu maçta sürenin yarısı ve ek süre yok, arenada galibiyete bir puan fazla
berserk-mark = ⚡
berserk = Berserk
go-to-board = Tahtana git
your-board = { $name } ile maçın sürüyor.
arena-matches = Maçlar
arena-left = (ayrıldı)
on-fire-explained = Ateşte: üst üste iki galibiyet, sonraki iki kat sayılır
on-fire = 🔥
column-marks = Her maçın puanı
column-matches = Maçlar
arena-leaderboard = Sıralama
arena-playing-out = Süre doldu: son maçlar oynanıyor.
arena-ends-countdown = { $time } sonra bitiyor: sonra eşleşme yok; süren maçlar oynanır.
arena-berserk-rule = İlk hamlenden önce berserk: maç boyunca sürenin yarısı ve ek süre yok, kazanırsan bir puan fazla.
arena-rules = Maçını bitiren, sıralamada yakın biriyle hemen eşleşir. Galibiyet 2 puan, beraberlik 1; üst üste iki galibiyetten sonra, kazanılmayan bir maça kadar galibiyetler iki kat sayılır.
arena-about = { $settings }; { $minutes } dakikalık arena; yöneten { $director }.
arena-length = arena, { $minutes } dk
arena-stage-playing = sürüyor
arena-berserk-check = Berserk serbest (gerçek zamanlı saatler)
arena-minutes = Süre (dakika)
format-arena = Arena (süreli)
format-swiss = İsviçre (turlar)
tournament-format = Tür
