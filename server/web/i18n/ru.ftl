# Тексты браузерного клиента на русском (здесь есть каждое сообщение из en.ftl).

## Верхняя панель

nav-tv = ТВ
nav-leaderboard = Рейтинг
nav-rules = Правила
language = Язык
theme-auto = Тема: системная
theme-dark = Тема: тёмная
theme-light = Тема: светлая
signed-in-as = Вы вошли как{" "}
sign-out = Выйти
connecting = Подключение…
connection-lost = Связь потеряна: переподключение…
replaced = Вы вошли в другом окне, поэтому это окно остановлено.{" "}
use-this-window = Использовать это окно
try-again = Повторить
yes = Да
cancel = Отмена
variants-unread = Не удалось прочитать игры сервера. { $reason }

## Вход и главная страница до него

sign-in = Войти
sign-in-title = Играть в манкалу
sign-in-intro = Выберите имя для игры. Оно останется за вами в этом браузере; без пароля вы играете как гость.
name = Имя
password-if-any = Пароль (только если у имени он есть)
name-needed = Введите имя: от 1 до 20 букв или цифр, _ или -.
name-taken = Это имя занято. Выберите другое или введите его пароль.
preview-title = Сейчас в лобби
preview-reading = Загрузка лобби…
preview-counts = В сети: { $online } · { $live ->
    [one] { $live } матч идёт
    [few] { $live } матча идут
   *[many] { $live } матчей идут
}. Войдите, чтобы играть или смотреть.
preview-featured = Главный матч:{" "}
preview-featured-game = { " " }· { $settings } · партия { $game } (на{" "}
preview-featured-end = { " " }после входа)
preview-no-seek = Открытых заявок нет: войдите и создайте свою.
preview-seeks = { " " }ищет игру: { $settings }
preview-match = { " " }· { $settings } · партия { $game }
preview-no-match = Матчей сейчас нет.
open-seeks = Открытые заявки
live-matches = Текущие матчи

## Вызовы

challenge-from = Вызов от { $name }
challenge-received = { $name } вызывает вас: { $settings } ({ $seconds } с){" "}
challenge-arrived = { $name } вызывает вас.
challenge-accept = Принять вызов
challenge-decline = Отклонить
challenge-to = Вызов игроку { $name }
challenge-sent = Вы вызвали { $name }: { $settings } ({ $seconds } с){" "}
challenge-withdraw = Отозвать
challenge-closed-declined = Вызов с { $name } отклонён.
challenge-closed-withdrawn = Вызов с { $name } отозван.
challenge-closed-expired = Вызов с { $name } истёк.
challenge-closed-player_left = Вызов с { $name } завершён: другой игрок ушёл.

## Приглашение в закрытый матч

invitation = Приглашение
invitation-title = Приглашение в закрытый матч
invitation-reading = Загрузка приглашения…
invitation-offer = { " " }приглашает вас сыграть: { $settings }.
invitation-join = Присоединиться к матчу
invitation-closed = Это приглашение больше не действует.
go-to-lobby = В лобби

## Лобби

lobby = Лобби
new-game = Новая игра
yours = Ваше
create-seek = Создать заявку
quick-pairing = Быстрый подбор
challenge = Вызвать
player-to-challenge = Игрок для вызова
player-name = имя игрока
challenge-whom = Введите имя игрока, которого хотите вызвать.
computer-opponent = Компьютерный соперник
play-computer = Играть с компьютером
computer-level = { $name } (уровень { $level }{ $level ->
    [1] , почти случайно
    [8] , в полную силу
   *[other] {""}
})
no-seeks = Открытых заявок нет. Создайте свою или воспользуйтесь быстрым подбором.
column-player = Игрок
column-game = Игра
column-players = Игроки
column-score = Счёт
column-watching = Зрители
cancel-seek = Отменить заявку { $id }
accept-seek-of = Принять заявку игрока { $name }
accept = Принять
seek-rating-range = { " "}· рейтинг { $min }–{ $max }
players-online = { $count ->
    [one] { $count } игрок в сети
    [few] { $count } игрока в сети
   *[many] { $count } игроков в сети
}
no-live-matches = Матчей сейчас нет.
game-of = { $game } из { $games }
watch-match = Смотреть { $first } против { $second }
open = Открыть
watch = Смотреть
your-match = Ваш матч с { $name } ({ $settings })
waiting-for-opponent = { " " }Ждём соперника: { $settings } ({ $seconds } с){" "}
leave-pairing = Выйти из подбора
your-seek = Ваша заявка: { $settings }{" "}
your-private-seek = Ваша закрытая заявка: { $settings }{" "}
invitation-link = Приглашение:{" "}
copy-link = Копировать ссылку
link-copied = Ссылка скопирована.
copy-by-hand = Скопируйте ссылку вручную.
nothing-yet = Пока ничего: здесь появятся ваши матчи и заявки.

## Форма настроек

form-game = Игра{" "}
form-games = Партий в матче{" "}
stop-when-decided = { " " }Закончить, когда исход ясен
time-presets = Готовые контроли времени
clock = Часы{" "}
untimed-choice = Без часов
real-time = С часами
correspondence = По переписке
form-minutes = Минуты{" "}
form-increment = { " " }+ секунды на ход{" "}
form-days = Дней на ход{" "}
rated-check = { " " }Рейтинговый
rating-from = { " " }Рейтинг соперника от{" "}
rating-to = { " " }до{" "}
rating-any = любой
private-check = { " " }Закрытый (поделиться ссылкой вместо заявки в лобби)
preset-days = { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[many] { $days } дней
}
real-time-limits = С часами: от 1 до 180 минут и от 0 до 60 секунд на ход.
correspondence-limits = По переписке: от 1 до 14 дней на ход.

## Настройки словами

variant-mangala = Турецкая мангала
variant-kalah = Калах
variant-oware = Оваре (абапа)
variant-kalah_relay = Калах с эстафетным посевом
variant-congkak = Чонгкак
variant-togyz_kumalak = Тогыз кумалак
variant-bestemshe = Бестемше
param-seeds_per_house = Камней в лунке
param-seeds_per_house-short = { $count ->
    [one] { $count } камень
    [few] { $count } камня
   *[many] { $count } камней
}
param-empty_capture = Взятие у пустой лунки (одинокий камень напротив пустой лунки уходит в амбар)
param-empty_capture-short = взятие у пустой лунки
param-grand_slam = Большой шлем
param-grand_slam-short = большой шлем
param-capture_includes_last = Взятие включает последний камень
param-capture_includes_last-short = взятие включает последний камень
param-empty_opposite = Последний камень в своей пустой лунке, напротив пусто
param-empty_opposite-short = одинокий камень напротив пустоты
param-houses = Лунок в ряду
param-houses-short = лунки
param-value-legal_no_capture = разрешён, ничего не берёт
param-value-illegal_unless_forced = запрещён, если не вынужден
param-value-nothing = ничего не происходит
param-value-last_to_store = камень уходит в амбар
untimed = без часов
real-time-control = { $minutes } мин + { $seconds } с
days-a-move = { $days ->
    [one] { $days } день на ход
    [few] { $days } дня на ход
   *[many] { $days } дней на ход
}
games-count = { $games ->
    [one] { $games } партия
    [few] { $games } партии
   *[many] { $games } партий
}
rated = рейтинговый
stops-when-decided = до ясного исхода
game-end-side_empty = ряд опустел
game-end-no_move = ходов не осталось
game-end-majority = в амбаре больше половины камней
game-end-repetition = позиция повторилась
game-end-resign = сдача
game-end-forfeit = техническое поражение
game-end-timeout = время вышло
game-end-draw_agreed = ничья по согласию
game-end-claimed = засчитано после ухода соперника
game-end-abandoned = игрок не вернулся
game-end-no_start = первый ход не сделан вовремя
match-end-completed = сыграны все партии
match-end-decided = исход ясен досрочно
match-end-forfeit = техническое поражение
match-end-aborted = прерван

## Матч: игра или просмотр

match-title = Матч { $id }
match-not-live = Матч { $id } сейчас не идёт.
replay-from-archive = Посмотреть его в архиве
match-over = Матч окончен: { $result }.
server-restarted = Сервер перезапускался: пока он стоял, ничьи часы не шли.
offers-draw-now = { $name } предлагает ничью.
rematch-watching = Игроки согласились на реванш: теперь вы смотрите матч { $id }.
announce-move = { $name } сыграл лунку { $house }{ $captured ->
    [0] {""}
   *[other] , взяв { $captured }
}{ $tuzdik ->
    [yes] , и получает туздык
   *[no] {""}
}{ $extra ->
    [yes] , и ходит ещё раз
   *[no] {""}
}.
game-drawn-score = Ничья { $a }–{ $b }
game-won-score = { $name } побеждает { $a }–{ $b }
game-result = Партия { $game }: { $who } ({ $how }).
seat = место { $seat }
match-aborted = прерван
match-drawn = ничья { $a }–{ $b }
match-won = { $name } побеждает { $a }–{ $b } ({ $how })
move-not-sent = Не отправлено: связь потеряна. Игра продолжится после переподключения.
move-refused = Ход отклонён: { $reason }
moves-of-game = Ходы этой партии
chat-messages = Сообщения чата
chat-message = Сообщение
say-something = Напишите что-нибудь…
send = Отправить
chat = Чат
animation-speed = Скорость анимации
animation-off = Анимация выключена
animation-fast = Анимация быстрая
animation-normal = Анимация обычная
animation-slow = Анимация медленная
sound-switch = { " " }Звук
sounds = Звуки
sound-turn = Ваш ход
sound-move = Ход
sound-capture = Взятие
sound-extra_turn = Дополнительный ход
sound-game_end = Конец партии
sound-low_time = Заканчивается время
moves = Ходы
loading = Загрузка…
away = { " " }(отошёл)
score-label = Счёт { $a } на { $b }
game-of-match = { " " }· партия { $game } из { $games }
watching-count = { " " }· зрителей: { $count }
rules-link = правила
clock-of = Часы игрока { $name }
first-move-left = Время на первый ход
your-first-move = Ваш первый ход: { $seconds } с
their-first-move = Первый ход игрока { $name }: { $seconds } с
connecting-match = Подключение к матчу…
first-game-soon = Первая партия вот-вот начнётся.
game-over-next = Партия окончена; начинается следующая.
plays-house = { $name } играет лунку { $house }…
house-sent = Лунка { $house } отправлена…
your-move = Ваш ход
to-move = Ходит { $name }
game-result-label = Итог партии { $game }
game-over-title = Партия { $game } окончена
summary-stores = Амбары: { $first } { $a }, { $second } { $b }. Счёт матча { $x }–{ $y }.
ratings-line = Рейтинги: { $changes }.
close = Закрыть
hide = Скрыть
flip-board = Перевернуть доску
stop-watching = Перестать смотреть
offers-draw = { $name } предлагает ничью
accept-draw = Принять ничью
decline-draw = Отклонить ничью
draw-offered = Ничья предложена
offer-draw-question = Предложить ничью в этой партии?
offer-draw = Предложить ничью
resign-question = Сдать партию { $game }? Вы проиграете эту партию; матч продолжится.
resign = Сдаться
resign-game = Сдать партию
forfeit-question = Сдать матч? Вы проиграете эту партию и все оставшиеся.
forfeit-match = Сдать матч
abort-question = Прервать матч? Он закончится без результата.
abort = Прервать
claim-game = Забрать партию
go-to-rematch = К реваншу
offers-rematch = { $name } предлагает реванш
accept-rematch = Принять реванш
decline-rematch = Отклонить реванш
rematch-offered = Реванш предложен
rematch = Реванш
rematch-declined = Реванш отклонён
replay = Повтор
back-to-lobby = Назад в лобби
back-to-tournament = Вернуться к турниру
no-move-yet = Партия { $game }: ходов ещё нет.
no-game-yet = Партий ещё нет.
game-playing = идёт
game-draw = ничья
game-won-by = победил { $name }
moves-count = { $count ->
    [one] { $count } ход
    [few] { $count } хода
   *[many] { $count } ходов
}
games-caption = Партии
column-first = Первый
column-result = Итог
column-how = Как
column-stores = Амбары ({ $first }–{ $second })
column-points = Очки
spectators-chat = Чат зрителей
players-chat = Чат игроков
title-your-move = ● Ваш ход · { $title }

## Доска

board = Доска
you-suffix = { $name } (вы)
house-plain = Лунка { $house }
house-yours = Ваша лунка { $house }
house-of = Лунка { $house } игрока { $name }
house-opponent = Лунка { $house } соперника
store-yours = Ваш амбар
store-of = Амбар игрока { $name }
with-seeds = { $place }, { $count ->
    [one] { $count } камень
    [few] { $count } камня
   *[many] { $count } камней
}
best-move = { $label }, лучший ход движка
tuzdik-yours = { $place }: ваш туздык (его камни уходят в ваш амбар)
tuzdik-of = { $place }: туздык игрока { $name } (его камни уходят в амбар игрока { $name })
store-label-yours = ваш амбар
store-label-of = амбар: { $name }

## Страницы игроков и рейтинг

speed-real_time = С часами
speed-correspondence = По переписке
speed-label = { " " }Темп{" "}
graph-label = { $title }: от { $from } до { $to } за { $count ->
    [one] { $count } рейтинговый матч
    [few] { $count } рейтинговых матча
   *[many] { $count } рейтинговых матчей
}
graph-before = { $rating } до
graph-after = { $rating } после матча { $id }
graph-title = { $variant }, { $speed }
profile-of = Профиль игрока { $name }
no-rated-match = Рейтинговых матчей пока нет.
column-speed = Темп
column-rating = Рейтинг
column-rated-games = Рейтинговые партии
tally = побед { $won }, ничьих { $drawn }, поражений { $lost }
no-match-yet = Матчей пока нет.
live-suffix = { " " }(идёт)
match-link = матч { $id }
ratings = Рейтинги
record = Итоги
record-line = Матчи: { $matches }. Партии: { $games }.
recent-matches = Последние матчи
the-leaderboard = Рейтинг
leaderboard-empty = Здесь пока никого: знак "?" (предварительный) у рейтинга пропадает после нескольких рейтинговых матчей.

## ТВ

tv-label = ТВ: главный матч
tv-empty = Сейчас матчей нет: ТВ покажет лучший, как только он начнётся.
server-unreachable = Сервер недоступен.

## Страницы правил (сами правила приходят с сервера на английском)

rules-intro = Все игры сервера: правила вкратце и разобранные примеры из их описания, сыгранные на доске:
all-games = Все игры
worked-examples = Разобранные примеры
rules-title = { $game }: правила
examples-intro = Выберите пример: доска покажет позицию, затем сыграет ход камень за камнем.
player-number = Игрок { $n }
example-before = { $id }: ходит игрок { $n }, играет лунку { $house }.
play-house = Сыграть лунку { $house }
example-game-over = Игра окончена ({ $a } на { $b }).
example-to-move = Ходит игрок { $n }.
example-after = { $id }: сыграна лунка { $house }. { $words }
again = Ещё раз
next-example = Следующий пример

## Повторы и анализ движка

loading-match = Загрузка матча…
archive-answered = Архив ответил { $status }.
still-live = ещё идёт
replay-drawn = { $how }, ничья
replay-won = победил { $name } ({ $how })
play = Воспроизвести
pause = Пауза
first-move = Первый ход
previous-move = Предыдущий ход
next-move = Следующий ход
last-move = Последний ход
flip = Перевернуть
download-records = Скачать записи
analyse-with-engine = Анализ движком
analyse = Анализ
game-tab = Партия { $game }
engine-reviewing = Движок разбирает каждый ход…
server-answered = сервер ответил { $status }
no-analysis = Анализа нет: { $reason }
engine-depth = Движок, { $depth ->
    [one] { $depth } полуход
    [few] { $depth } полухода
   *[many] { $depth } полуходов
}.
verdict-best = лучший ход
verdict-worse = { $class ->
    [inaccuracy] неточность
    [mistake] ошибка
   *[blunder] грубая ошибка
}, потеря { $loss } (лучше была лунка { $best }, { $value })
move-worth = Лунка { $house } игрока { $name } стоит { $value }{ $exact ->
    [yes] {" "}(точно)
   *[no] {""}
}: { $verdict }.
best-here = Лучшее здесь для игрока { $name }: лунка { $house }, { $value }{ $exact ->
    [yes] {" "}(точно)
   *[no] {""}
}.
engine-expects = Движок ожидает: { $line } (лунки, каждая слева от ходящего).
replay-opening = Партия { $game }: начальная позиция, первым ходит { $name }
replay-move = Партия { $game }, ход { $ply } из { $plies }: { $name } сыграл лунку { $house }
replay-game-drawn = {"."} Ничья ({ $how })
replay-game-won = {"."} Победил { $name } ({ $how })
move-title = { $class ->
    [inaccuracy] неточность
    [mistake] ошибка
   *[blunder] грубая ошибка
}: потеря { $loss }
evaluation-label = Оценка для игрока { $name } по ходу партии, от { $from } до { $to } камней; точных позиций: { $exact } из { $count }
no-evaluation = Ни одна позиция не оценена
ahead = Впереди { $name }
graph-point = { $ply ->
    [0] Начальная позиция
   *[other] После хода { $ply }
}: { $value }{ $exact ->
    [yes] {" "}(точно)
   *[no] {""}
}
class-counts = { $name }: неточностей { $inaccuracies }, ошибок { $mistakes }, грубых ошибок { $blunders }

## Правила вкратце и названия примеров

rules-mangala-1 = Два ряда по 6 лунок, в каждой 4 камня; каждому игроку принадлежат ближний к нему ряд и амбар справа от него.
rules-mangala-2 = Ход забирает все камни из одной вашей лунки и раскладывает их по одному против часовой стрелки: первый возвращается в ту же лунку (одиночный камень переходит в следующую), затем ваши лунки, ваш амбар, лунки соперника, но никогда его амбар.
rules-mangala-3 = Последний камень в вашем амбаре: вы ходите ещё раз. Последний камень в лунке соперника, где стало чётное число: вы забираете их все. Последний камень в вашей пустой лунке: вы забираете его и камни из лунки напротив, если они есть.
rules-mangala-4 = Игра кончается, когда после хода какой-то ряд пуст: игрок, чей ряд опустел, забирает все оставшиеся камни. Побеждает тот, у кого в амбаре больше камней (больше 24).
rules-kalah-1 = Два ряда по 6 лунок, в каждой 4 камня (от 3 до 6 на выбор); каждому игроку принадлежат ближний к нему ряд и амбар справа от него.
rules-kalah-2 = Ход забирает все камни из одной вашей лунки и раскладывает их по одному против часовой стрелки в следующие лунки и ваш амбар, но никогда в амбар соперника.
rules-kalah-3 = Последний камень в вашем амбаре: вы ходите ещё раз. Последний камень в вашей пустой лунке, напротив которой есть камни: оба уходят в ваш амбар.
rules-kalah-4 = Игра кончается, когда после хода какой-то ряд пуст; каждый игрок добавляет оставшееся в своём ряду в свой амбар. Побеждает тот, у кого больше камней.
rules-oware-1 = Два ряда по 6 лунок, в каждой 4 зерна, амбаров на пути нет: взятые зёрна откладываются в сторону.
rules-oware-2 = Ход забирает все зёрна из одной вашей лунки и раскладывает их против часовой стрелки, на следующих кругах пропуская исходную лунку.
rules-oware-3 = Последнее зерно в лунке соперника, где стало 2 или 3: вы забираете её и предыдущие лунки его ряда, где тоже 2 или 3. Ход, который забрал бы все его зёрна (большой шлем), ничего не берёт.
rules-oware-4 = Если можете, вы обязаны оставить сопернику ход. Игра кончается, когда у игрока больше 24, когда соперника нельзя накормить или позиция повторилась: тогда каждый оставляет себе зёрна своего ряда. Побеждает тот, у кого больше зёрен.
rules-kalah_relay-1 = Калах на 6 лунках по 3 камня с эстафетным посевом: последний камень, упавший в вашу занятую лунку, поднимает её, и посев продолжается.
rules-kalah_relay-2 = Последний камень в вашем амбаре: вы ходите ещё раз. Последний камень в вашей пустой лунке: вы забираете камни напротив (бьющий камень остаётся, если настройка не говорит иначе).
rules-kalah_relay-3 = Игра кончается, когда после хода какой-то ряд пуст; каждый игрок добавляет свой ряд в амбар. Побеждает тот, у кого больше камней (больше 18).
rules-congkak-1 = Два ряда по 7 лунок, в каждой 7 зёрен; ходят по очереди.
rules-congkak-2 = Ход поднимает одну вашу лунку и сеет против часовой стрелки через ваш амбар; последнее зерно в занятой лунке любой стороны поднимает её, и посев продолжается.
rules-congkak-3 = Последнее зерно в вашем амбаре: вы ходите ещё раз. Последнее зерно в вашей пустой лунке: вы забираете его и лунку напротив.
rules-congkak-4 = Игра кончается, когда у игрока, чей ход, нет зёрен в ряду; каждый оставляет себе свой ряд. Побеждает тот, у кого больше зёрен (больше 49).
rules-togyz_kumalak-1 = Национальная игра Казахстана: два ряда по 9 лунок, в каждой 9 камней, всего 162; амбар (казан) каждого игрока хранит то, что он взял.
rules-togyz_kumalak-2 = Ход забирает все камни из одной вашей лунки и раскладывает их по одному против часовой стрелки: первый обратно в ту же лунку (одиночный камень переходит в следующую), затем ваши лунки по возрастанию, затем лунки соперника с его первой.
rules-togyz_kumalak-3 = Последний камень в лунке соперника, где стало чётное число: вы забираете их все. Если в ней стало ровно 3, она становится вашим туздыком до конца игры (один на игрока; никогда не его 9-я лунка и не лунка с номером его туздыка): каждый камень, попавший в неё, ваш.
rules-togyz_kumalak-4 = Больше 81 в амбаре — сразу победа (камни на доске тогда не достаются никому). Если у игрока нет камня для хода, другой забирает оставшееся в своём ряду, и игра кончается; 81 на 81 — ничья.
rules-bestemshe-1 = Правила тогыз кумалак на маленькой доске: два ряда по 5 лунок, в каждой 5 камней, всего 50, без туздыка.
rules-bestemshe-2 = Сейте против часовой стрелки из одной своей лунки, первый камень обратно в неё (одиночный переходит дальше); последний камень, делающий лунку соперника чётной, забирает её.
rules-bestemshe-3 = Больше 25 в амбаре — победа. Если у игрока нет камня для хода, другой забирает оставшееся, и игра кончается.
example-T1 = Начало: первый камень возвращается в исходную лунку, взятие чётного
example-T2 = Туздык создан: последний камень делает в лунке соперника ровно 3
example-T3 = Круг из 20 камней через оба туздыка
example-T4a = В 9-й лунке соперника туздыка не бывает
example-T4b = Нет туздыка в лунке с тем же номером, что туздык соперника
example-T4c = Проверка: в той же позиции лунка 5 даёт туздык
example-T4d = Второго туздыка не бывает
example-T5 = Одиночный камень переходит в следующую лунку (и берёт)
example-T6 = Конец игры: счёт больше половины (82 из 162); без подбора
example-T7 = Конец игры: у соперника не осталось камней; ничья 81 : 81
example-B1 = Начало бестемше: c1d2
example-B2 = В бестемше нет туздыка: 3 — просто нечётное
example-B3a = Бестемше: опустевший собственный ряд не кончает игру
example-B3b = … а если соперник не накормит, остаток забирает он

## Отказы самого клиента в браузере

refusal-disconnected = Соединение потеряно: переподключение…
refusal-not_found = Здесь ничего не найдено.
refusal-bad_request = Сервер не смог ответить на этот запрос.

## Турниры

nav-tournaments = Турниры
tournament-stage-waiting = идёт запись
tournament-stage-playing = идёт тур
tournament-stage-between_rounds = между турами
tournament-stage-over = окончен
countdown-hours = { $h } ч { $m } мин
countdown-minutes = { $m } мин { $s } с
tournament-sign-in = Войдите, чтобы участвовать в турнире или создать его.
tournaments-empty = Турниров пока нет: создайте первый.
column-tournament = Турнир
column-stage = Этап
round-of = тур { $round } из { $rounds }
tournament-default-name = Пятничная швейцарка
tournament-create-title = Создать турнир
tournament-create-intro = Швейцарка: каждый тур — матч в выбранной игре и контроле, пары по швейцарской системе. Арена: в течение заданного времени каждый, кто закончил матч, сразу получает нового соперника. Чтобы проводить турнир, имя должно быть защищено паролем.
tournament-name = Название
tournament-rounds = Туры
tournament-starts-in = Начало через (минут; 0 — сразу)
tournament-between = Минут между турами
tournament-create = Создать турнир
tournament-title = Турнир { $id }
all-tournaments = Все турниры
lobby-no-tournament = Сейчас нет ни идущих, ни предстоящих турниров.
lobby-tournament-leaders = Лидируют: { $leaders }
lobby-tournament-entrants = Записалось: { $count }
tournament-joined = Вы участвуете: в начале каждого тура здесь откроется ваш матч.
tournament-withdrew = Вы выбыли.
tournament-withdraw = Выйти из турнира
tournament-join = Участвовать
tournament-no-entrants = Пока никто не записался.
tournament-standings = Турнирная таблица
column-game-points = Партии
tournament-withdrawn = (выбыл)
round-n = Тур { $round }
board-forfeit = { $first }–{ $second } неявка
board-playing = идёт
board-replay = запись
board-watch = смотреть
board-bye = Свободен: { $name }
tournament-about = { $settings }; { $rounds ->
    [one] { $rounds } тур
    [few] { $rounds } тура
   *[many] { $rounds } туров
}; директор { $director }.
tournament-starts-countdown = Начало через { $time }.
next-round-countdown = Следующий тур через { $time }.
password-protect-title = Защитите своё имя
password-protect-intro = Пароль закрепляет имя за вами навсегда, позволяет входить с любого устройства и проводить турниры.
password-new = Новый пароль (не короче 8 символов)
password-set-button = Установить пароль
password-set-done = Ваше имя защищено: входите с ним с любого устройства.
tournament-min-rating = Минимальный рейтинг (необязательно)
tournament-entry-rating = Участие: рейтинг { $rating } и выше в этой игре и контроле.
tournament-private-check = Закрытый: видеть его и записаться смогут только те, кому я дам адрес
tournament-computers = Компьютерные игроки (только в товарищеских турнирах)
tournament-private-link = Закрытый: кто знает этот адрес, может его видеть и записаться.
tournament-private-address = Закрытый адрес турнира
berserked-now = { $name } идёт в берсерк.
berserk-question = Берсерк: играть этот матч на половине времени, без добавки, за очко больше при победе?
berserk-explained = Берсерк: половина времени и без добавки в этом матче, на очко больше на арене за победу
berserk-mark = ⚡
berserk = Берсерк
go-to-board = К своей доске
your-board = Идёт ваш матч с { $name }.
arena-matches = Матчи
arena-left = (ушёл)
on-fire-explained = В огне: две победы подряд, следующая считается вдвойне
on-fire = 🔥
column-marks = Очки за каждый матч
column-matches = Матчи
arena-leaderboard = Таблица
arena-playing-out = Время вышло: доигрываются последние матчи.
arena-ends-countdown = Конец через { $time }: после этого без новых пар; идущие матчи доигрываются.
arena-berserk-rule = Берсерк до вашего первого хода: половина времени и без добавки на весь матч, на очко больше за победу.
arena-rules = Кто закончил матч, сразу получает соперника рядом в таблице. Победа — 2 очка, ничья — 1; после двух побед подряд победы считаются вдвойне, пока матч не будет не выигран.
arena-about = { $settings }; арена на { $minutes } мин; директор { $director }.
arena-length = арена, { $minutes } мин
arena-stage-playing = идёт
arena-berserk-check = Берсерк разрешён (контроль реального времени)
arena-minutes = Длительность (минуты)
format-arena = Арена (на время)
format-swiss = Швейцарка (туры)
tournament-format = Вид
