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
