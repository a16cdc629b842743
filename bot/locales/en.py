"""English texts of the bot (complete). Engine texts come from the games' own catalogues.

A translation is a module beside this one (`de.py`, `it.py`, `es.py`, `ru.py`) with `MESSAGES`
(these keys) and optionally `GAMES` (engine keys); the placeholders must stay the same.
"""

MESSAGES: dict[str, str] = {
    # lobby
    "bot.lobby.title": "**{game}**: a new game is open in this channel.",
    "bot.lobby.players": "Players ({count}/{high}, at least {low}): {players}",
    "bot.lobby.how": "Press Join to take a seat. {creator} starts the game once enough players have joined.",
    "bot.thread.name": "{game}",
    "bot.thread.opened": "{who} opened a game of **{game}** in its own thread: {thread}. Join there!",
    "bot.thread.result": "**{game}** in {thread} is over. Winner: {winners}.",
    "bot.thread.nobody": "nobody (abandoned)",
    "bot.lobby.updated": "Done: the lobby message above shows the seats.",
    "bot.lobby.started": "**{game}** begins! Good luck, everybody.",
    "bot.option.open_holdings": "Variant: open holdings (everybody's pesos, VP and goods are public).",
    "bot.option.changed": "House rule: `{name}` = {value}",
    "bot.option.own_deck": "Building deck: this table's own deck file.",
    "bot.button.join": "Join",
    "bot.button.leave": "Leave",
    "bot.button.start": "Start",
    "bot.button.unai": "Remove AI",
    "bot.ai.add": "Add an AI player…",
    "bot.ai.level.random": "AI: random",
    "bot.ai.level.greedy": "AI: greedy",
    "bot.ai.level.strong": "AI: strong",
    "bot.ai.about.random": "Plays any legal move: for learning the rules.",
    "bot.ai.about.greedy": "Takes the move that looks best right now.",
    "bot.ai.about.strong": "Searches ahead; it sees only what its seat may see.",
    # the level in a name: "AI 1 (strong)", "ana (AI greedy)", "AI (strong)" on the leaderboard
    "bot.ai.word.random": "random",
    "bot.ai.word.greedy": "greedy",
    "bot.ai.word.strong": "strong",
    "bot.ai.seat": "AI {n} ({level})",
    "bot.ai.stand_in": "{name} (AI {level})",
    "bot.button.screen": "My screen",
    "bot.button.undo": "Undo",
    "bot.button.choose": "Choose",
    "bot.select.placeholder": "Choose…",
    "bot.select.several": "Choose {count}…",
    # turns
    "bot.turn.header": "**{game}**, move {move}:",
    "bot.turn.decide": "{who}: {prompt}",
    "bot.turn.use_choose": "Press **Choose** to see your choices (only you will see them).",
    "bot.turn.waiting": "{name} has decided. Still waiting for {names}.",
    "bot.turn.not_yours": "It is not your decision now. Waiting for: {waiting}",
    "bot.event.by": "{name}: {event}",
    "bot.event.more": "…and {count} more (see /game log).",
    "bot.move.done": "Done: {choice}.",
    # screens and DMs
    "bot.figures.santiago": "Pesos: {pesos} · VP: {vp} · Goods: {goods}",
    "bot.figures.havana": "Hand: {hand}\nDiscard pile: {discard}\nFace-down cards: {picks}",
    "bot.figures.none": "none",
    "bot.dm.title": "Your screen in **{game}** ({channel}):",
    "bot.dm.closed": "{who}, I cannot send you direct messages. Use `/game screen` in this channel to see your screen.",
    # end
    "bot.final.title": "**{game}** is over. Final scores:",
    "bot.final.row": "{place}. {name}: {score} VP{extra}",
    "bot.final.winners": "Congratulations {winners}!",
    "bot.final.no_winner": "The game was abandoned: nobody wins.",
    "bot.final.resigned": "Ranked last for resigning: {who}.",
    "bot.final.thanks": "Thanks for playing, {players}!",
    "bot.final.free": "This channel is free for a new game (`/game new`).",
    "bot.abandoned": "**{game}** was abandoned by {who}. The channel is free for a new game.",
    # log
    "bot.log.title": "Moves so far: {count}. The latest:",
    "bot.log.empty": "Nothing has happened yet.",
    # help
    "bot.help.santiago": (
        "**Santiago de Cuba** (2-4 players). Drive the car around the road and stop at a citizen: "
        "take their goods, pesos or favour, and place a marker on a building of the same flower "
        "colour to own it. Put your pawn on a building to use it. At the harbour, deliver goods "
        "to the ship for victory points (VP). When the seventh ship has sailed, goods are sold "
        "and the most VP wins. Your pesos, VP and goods are behind your screen unless the table "
        "plays with open holdings."
    ),
    "bot.help.havana": (
        "**Havana** (2-4 players). Each round every player holds two face-up action cards; their "
        "two-digit number sets the turn order (lowest first). On your turn take both card "
        "actions in any order, then buy buildings from the row ends with building materials, "
        "workers and pesos. Then everybody secretly puts a card from the hand on one of the two. "
        "The first to reach the target VP (25 with 2 players, 20 with 3, 15 with 4) wins."
    ),
    "bot.help.commands": (
        "Commands: `/game new` opens a game, `/game join` and `/game leave` before it starts, "
        "`/game start` (who opened it). Then use the buttons, or `/game move` and pick from the "
        "list. `/game screen` shows your screen (only to you), `/game board` the board, "
        "`/game log` the last moves. While you wait: `/game mine` lists your games, `/game settings` "
        "shows the table's clock, `/game reminders off` mutes your reminders. `/game resign`, "
        "`/game substitute` and `/game return` change who plays a seat; `/game abandon` ends the "
        "game with the scores as they stand (who opened it, or moderators). After the game: "
        "`/game history`, `/game replay`, `/game export`, `/game stats` and `/game leaderboard`."
    ),
    # time
    "bot.time.hours": "{n:plural|one=# hour|other=# hours}",
    "bot.time.days": "{n:plural|one=# day|other=# days}",
    # the turn clock
    "bot.settings.title": "**{game}**: the table's clock",
    "bot.settings.line": "Reminders after: {reminders} · Turn limit: {limit}",
    "bot.settings.off": "off",
    "bot.settings.reminders_menu": "Remind a waiting player after…",
    "bot.settings.limit_menu": "Turn limit (one decision may wait)…",
    "bot.settings.you_muted": "Your reminders for this game are off (`/game reminders on`).",
    "bot.reminders.on": "Your reminders for this game are on again.",
    "bot.reminders.off": "No more reminders for you in this game. The turn limit still applies.",
    "bot.remind.dm": "Your decision in **{game}** ({channel}) has waited {waited}: {link}",
    "bot.remind.channel": "{who}: a decision of yours in **{game}** has waited {waited}. {link}",
    "bot.limit.ask": (
        "{who} has not decided in **{game}** for {waited}. {others}, what should happen? "
        "The first choice counts; without one within a day, the AI plays this decision."
    ),
    "bot.limit.wait": "Wait one more day",
    "bot.limit.once": "AI plays this decision",
    "bot.limit.seat": "AI takes the seat",
    "bot.limit.end": "End the game now",
    "bot.limit.chose.wait": "{who} chose to wait one more day for {absent}.",
    "bot.limit.chose.once": "{who} chose: the AI plays this decision for {absent}.",
    "bot.limit.chose.seat": "{who} chose: the AI plays {absent}'s seat for the rest of the game.",
    "bot.limit.chose.end": "{who} chose to end the game now, with the scores as they stand ({absent} last).",
    # seats
    "bot.resign.ask": "Resign from this game? The AI plays your seat from now on and you are ranked last. With two players, the game ends.",
    "bot.resign.confirm": "Yes, resign",
    "bot.resign.done": "You resigned from this game.",
    "bot.resign.said": "{who} resigned: the AI plays their seat from now on.",
    "bot.substitute.done": "Done: the seat has a new player.",
    "bot.substitute.said": "{who} now plays the seat of {before}.",
    "bot.return.done": "Welcome back: your seat is yours again.",
    "bot.return.said": "{who} is back and plays their own seat again.",
    "bot.mine.title": "Your games:",
    "bot.mine.none": "You have no open lobby or game.",
    "bot.mine.lobby": "• **{game}** in {channel}: waiting in the lobby",
    "bot.mine.others": "• **{game}** in {channel}: waiting for the others",
    "bot.mine.yours": "• **{game}** in {channel}: **your decision**, waiting for {waited}",
    "bot.mine.yours_left": "• **{game}** in {channel}: **your decision**, waiting for {waited}, {left} left on the clock",
    "bot.mine.more": "…and {count} more.",
    # refusals
    "bot.error.unexpected": "Sorry, something went wrong on my side. Nothing was changed; please try again.",
    "bot.error.no_game": "There is no game in this channel. Open one with `/game new`.",
    "bot.error.busy": "There is already a game in this channel. Finish or abandon it first (`/game abandon`), or use another channel.",
    "bot.error.not_lobby": "This game has already started (or is over), so seats cannot change now.",
    "bot.error.not_active": "The game here is not being played right now.",
    "bot.error.already_seated": "You already have a seat in this game.",
    "bot.error.lobby_full": "Sorry, the game is full ({high} players).",
    "bot.error.creator_leaves": "You opened this game, so you cannot leave it. Use `/game abandon` to close it.",
    "bot.error.not_creator": "Only {creator}, who opened the game, can start it.",
    "bot.error.seats": "The game needs {low} to {high} players to start.",
    "bot.error.not_a_player": "You are not a player in this game.",
    "bot.error.not_your_decision": "This is not your decision. {current}",
    "bot.error.outdated": "This prompt is outdated. The current one: {current}",
    "bot.error.conflict": "Another move was made just before yours, so yours was not applied. {current}",
    "bot.error.illegal": "That move is not allowed: {reason}",
    "bot.error.bad_option": "That option cannot be used: {reason}",
    "bot.error.cannot_abandon": "Only the player who opened the game or someone who can manage this channel can abandon it.",
    "bot.error.deck_too_big": "The deck file is too large (at most {limit} KB).",
    "bot.error.deck_not_json": "The deck file is not valid JSON ({detail}).",
    "bot.error.deck_unreadable": "I could not download the deck file; please attach it again.",
    "bot.error.guild_only": "Games are played in server channels, not in direct messages.",
    "bot.error.missing_permission": "You do not have the permission to do that here.",
    "bot.error.ai_players": "A game can have 0 to {high} AI players, at the levels random, greedy or strong.",
    "bot.error.not_creator_ai": "Only {creator}, who opened the game, can add or remove AI players.",
    "bot.error.no_ai_seat": "There is no AI player in this lobby to remove.",
    "bot.error.already_resigned": "You have resigned from this game.",
    "bot.error.not_your_seat": "This button is for another player.",
    "bot.error.which_seat": "Name the seat to hand over (1 to {high}), or use the command for your own seat.",
    "bot.error.cannot_substitute": "Only the player of that seat, who opened the game, or someone who can manage this channel can hand it over.",
    "bot.error.substitute_bot": "A seat can only be handed to a person.",
    "bot.error.substitute_seated": "{who} already has a seat in this game.",
    "bot.error.not_with_ai": "You are playing your seat yourself already.",
    "bot.error.limit_not_yours": "Only the other players of this game can choose here.",
    "bot.error.limit_over": "This choice has been made already (or the player has decided meanwhile).",
    "bot.error.bad_setting": "That is not one of the offered settings.",
    "bot.error.not_creator_settings": "Only {creator}, who opened the game, can change the table's clock.",
    "bot.error.settings_started": "The table's clock can be changed only in the lobby, before the start.",
    "bot.error.pick_from_list": "“{choice}” is not one of your choices. Pick one from the list `/game move` shows as you type: {choices}.",
    "bot.error.no_thread_here": "A game in its own thread can be opened from a text channel only.",
    "bot.permission.create_public_threads": "Create Public Threads",
    "bot.error.cannot_undo": "{reason}",
    "bot.error.other_channel": "This button belongs to a game in another channel, so it does nothing here.",
    "bot.error.unknown_choice": "“{choice}” is not one of your choices. Pick one from the list that `/game move` shows as you type.",
    "bot.error.not_posted": (
        "Your move is saved, but I could not post the board in this channel: please check my "
        "permissions here (View Channel, Send Messages, Attach Files, Embed Links, Read Message "
        "History). I will post it with the next command or button used in this channel."
    ),
    "bot.error.bot_permissions": "I cannot host a game in this channel: I am missing these permissions here: {missing}. Ask a moderator to grant them, or use another channel.",
    "bot.permission.view_channel": "View Channel",
    "bot.permission.send_messages": "Send Messages",
    "bot.permission.send_messages_in_threads": "Send Messages in Threads",
    "bot.permission.attach_files": "Attach Files",
    "bot.permission.embed_links": "Embed Links",
    "bot.permission.read_message_history": "Read Message History",
    # after the game: history, past games, replays, statistics, ratings
    "bot.error.no_such_game": "There is no such game here: pick one from the list `game:` offers as you type (`/game history` shows them all).",
    "bot.error.export_active": "A game can be exported once it is over: its record holds what lies behind the screens.",
    "bot.past.title": "**{game}**, game {id}: {how}, {when}.",
    "bot.past.row": "{place}. {name}: {score} VP",
    "bot.export.done": "The record of **{game}**, game {id}. Check or store it again with `python -m storage import`.",
    "bot.how.finished": "finished",
    "bot.how.ended": "ended by the table",
    "bot.how.resigned": "ended by resignation",
    "bot.how.abandoned": "abandoned",
    "bot.history.title": "**Games of this server**{filters}: {first}-{last} of {total}",
    "bot.history.member": " played by {name}",
    "bot.history.kind": " of {game}",
    "bot.history.none": "No game has ended here yet{filters}.",
    "bot.history.game": "**{id}** · {game} · {when} · {channel} · {moves} in {length} · {how}",
    "bot.history.moves": "{n:plural|one=# move|other=# moves}",
    "bot.history.short": "under an hour",
    "bot.history.newest": "Newest",
    "bot.history.newer": "Newer",
    "bot.history.older": "Older",
    "bot.replay.title": "Replay of **{game}**, game {id}: step {step} of {steps}",
    "bot.replay.start": "The game is set up; nobody has decided yet.",
    "bot.replay.step": "Step {step}:",
    "bot.replay.nothing_public": "• (a decision that shows nothing yet)",
    "bot.replay.end": "The game ends here.",
    "bot.replay.live": "The game is still being played: only what everybody can see is shown.",
    "bot.replay.first": "First",
    "bot.replay.b10": "−10",
    "bot.replay.back": "Back",
    "bot.replay.next": "Next",
    "bot.replay.n10": "+10",
    "bot.replay.last": "Last",
    "bot.stats.title": "**Statistics of {name}** in this server:",
    "bot.stats.none": "{name} has not finished a game in this server yet.",
    "bot.stats.kind": "**{game}**: {games}, {wins} · average place {place} · average score {score} VP · best game: {best} VP (game {best_game})",
    "bot.stats.games": "{n:plural|one=# game|other=# games}",
    "bot.stats.wins": "{n:plural|one=# win|other=# wins}",
    "bot.stats.opening.santiago": "Favourite first building: {opening}",
    "bot.stats.opening.havana": "Favourite starting cards: {opening}",
    "bot.stats.rating": "Rating {mu} ± {sigma} after {games}",
    "bot.stats.unrated": "Not rated yet (only abandoned games).",
    "bot.stats.chart": "{name}: rating over time",
    "bot.stats.chart_x": "rated games",
    "bot.stats.chart_y": "rating",
    "bot.leaderboard.title": "**{game}**: the best of this server (at least {least} rated games; sorted by rating minus three times its uncertainty)",
    "bot.leaderboard.row": "{rank}. {name}: {mu} ± {sigma} · {games}",
    "bot.leaderboard.none": "Nobody has {least} rated games of **{game}** in this server yet.",
    "bot.leaderboard.ai": "AI ({level})",
    "bot.leaderboard.somebody": "a former member",
    # the server's language
    "bot.language.set": "Done: this server's games now speak English.",
    "bot.error.manage_server": "Only members who can manage this server can choose its language.",
}
