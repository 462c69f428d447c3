# One round of the farm's C version (`farm.pyx` includes it): `farm.Farm.play_round` and its
# steps, each the source's in the source's order, on the board's C arrays (`farm.pxd`).


cdef void _harvest(Farm* f, int t) noexcept:
    cdef int i, kept = 0
    for i in range(f.n_fields):
        f.have[f.field_veg[i]] += 1
        f.field_tokens[i] -= 1
        if f.field_tokens[i] > 0:
            f.field_veg[kept] = f.field_veg[i]
            f.field_tokens[kept] = f.field_tokens[i]
            kept += 1
    f.n_fields = kept
    if t < C_ROUNDS and f.n_pile:
        f.n_pile -= 1
        f.unsown[f.n_unsown] = SHAPE_CARD[f.pile[f.n_pile]]
        f.n_unsown += 1


cdef void _wanted(Farm* f, int* want) noexcept:
    cdef int i, j, card
    for j in range(6):
        want[j] = 0
    for i in range(f.n_regulars):
        card = f.reg_card[i]
        for j in range(DATA[card].n_wants):
            want[DATA[card].wants[j]] += 1


cdef void _spare(Farm* f, int* reserved, int veg, double* spare) noexcept:
    cdef int u
    for u in range(6):
        spare[u] = dmax(0, f.have[u] - reserved[u]) if u != veg else 0


cdef bint _trade_for(Farm* f, int veg, int* reserved) noexcept:
    """Take `veg` from a stall for the cheapest spare vegetables (1-bowl offers first)."""
    cdef int i, u, best = -1, bowls, paid
    cdef double spares
    cdef double spare[6]
    for i in range(f.n_offers):
        if f.offer_veg[i] == veg and (best < 0 or f.offer_bowls[i] < f.offer_bowls[best]):
            best = i
    if best < 0:
        return False
    bowls = f.offer_bowls[best]
    _spare(f, reserved, veg, spare)
    spares = 0.0
    for u in range(6):
        spares += spare[u]
    if spares < bowls:
        return False
    paid = 0
    for u in range(6):
        while spare[u] != 0 and paid < bowls:
            spare[u] -= 1
            f.have[u] -= 1
            paid += 1
    for i in range(best, f.n_offers - 1):
        f.offer_veg[i] = f.offer_veg[i + 1]
        f.offer_bowls[i] = f.offer_bowls[i + 1]
    f.n_offers -= 1
    f.have[veg] += 1
    return True


cdef bint _convert(Farm* f, int veg, int* reserved) noexcept:
    """Trade the cheapest spare vegetable 1:1 at a stall still to come."""
    cdef int u
    cdef double spare[6]
    if f.converts < 1:
        return False
    _spare(f, reserved, veg, spare)
    for u in range(6):
        if spare[u] != 0:
            f.have[u] -= 1
            f.have[veg] += 1
            f.converts -= 1
            f.cash -= f.convert_cost
            return True
    return False


cdef bint _obtain(Farm* f, int card, int* reserved, double worth) noexcept:
    """Bring the card's wants to hand (trading spare vegetables at the stalls there are,
    then at those to come, then buying while the purchases stay within `worth`); False, with
    nothing spent, if that cannot be done."""
    cdef int i, u, v
    cdef int need[6]
    cdef int mine[6]
    cdef double price
    cdef long spent = 0
    cdef bint ok = True
    cdef Farm saved
    cdef CardData* c = &DATA[card]
    for u in range(6):
        need[u] = 0
    for i in range(c.n_wants):
        need[c.wants[i]] += 1
    for i in range(c.n_wants):
        if f.have[c.wants[i]] < need[c.wants[i]]:
            ok = False
            break
    if ok:
        for i in range(c.n_wants):
            f.have[c.wants[i]] -= 1
        return True
    for u in range(6):
        mine[u] = reserved[u] + need[u]
    saved = f[0]  # what the source copies: the vegetables, the Shop, the offers, the Cash
    ok = True
    for i in range(c.n_by_price):
        v = c.by_price[i]
        while f.have[v] < need[v]:
            if _trade_for(f, v, mine) or _convert(f, v, mine):
                continue
            price = BUY[v]
            if f.shop[v] > 0 and f.cash >= price and spent + price <= worth:
                f.shop[v] -= 1
                f.cash -= price
                spent += <long> price
                f.have[v] += 1
                continue
            ok = False
            break
        if not ok:
            break
    if not ok:
        f[0] = saved
        return False
    for i in range(c.n_wants):
        f.have[c.wants[i]] -= 1
    return True


cdef void _serve_regulars(Farm* f) noexcept:
    cdef int i, j, k, n = f.n_regulars, kept = 0, card, x_card, x_next
    cdef bint x_red
    cdef double loss
    cdef int reserved[6]
    # the customers by their next payment, the largest first (a stable sort, as sorted())
    for i in range(1, n):
        x_card, x_next, x_red = f.reg_card[i], f.reg_next[i], f.reg_red[i]
        j = i - 1
        while j >= 0 and DATA[f.reg_card[j]].pays[f.reg_next[j]] < DATA[x_card].pays[x_next]:
            f.reg_card[j + 1] = f.reg_card[j]
            f.reg_next[j + 1] = f.reg_next[j]
            f.reg_red[j + 1] = f.reg_red[j]
            j -= 1
        f.reg_card[j + 1], f.reg_next[j + 1], f.reg_red[j + 1] = x_card, x_next, x_red
    _wanted(f, reserved)
    for i in range(n):
        card = f.reg_card[i]
        for k in range(DATA[card].n_wants):
            reserved[DATA[card].wants[k]] -= 1
        loss = PENALTY if f.reg_red[i] else 1.0
        if _obtain(f, card, reserved, DATA[card].pays[f.reg_next[i]] + loss):
            f.cash += DATA[card].pays[f.reg_next[i]]
            f.reg_next[i] += 1
        elif f.reg_red[i]:
            f.cash -= PENALTY
        else:
            f.reg_red[i] = True
        if f.reg_next[i] < DATA[card].n_pays:
            f.reg_card[kept] = card
            f.reg_next[kept] = f.reg_next[i]
            f.reg_red[kept] = f.reg_red[i]
            kept += 1
    f.n_regulars = kept


cdef void _serve_casuals(Farm* f, int* want) noexcept:
    cdef int i, j, k, n = f.n_casuals, card, pay, modifier, left
    cdef double own, worth
    cdef int order[MAX_CUSTOMERS]
    cdef bint served[MAX_CUSTOMERS]
    if n == 0:
        return
    # by pay, the largest first (a stable sort, as sorted())
    for i in range(n):
        order[i] = i
        served[i] = False
    for i in range(1, n):
        k = order[i]
        j = i - 1
        while j >= 0 and DATA[f.cas_card[order[j]]].pays[0] < DATA[f.cas_card[k]].pays[0]:
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = k
    left = n
    for i in range(n):
        card = f.cas_card[order[i]]
        pay = DATA[card].pays[0]
        modifier = _modifier(f.n_regulars, left)
        own = 0.0
        for k in range(DATA[card].n_wants):
            if f.have[DATA[card].wants[k]] != 0:
                own += f.future[DATA[card].wants[k]]
        worth = pay + modifier - own - f.casual_margin
        if worth > 0 and _obtain(f, card, want, worth):
            f.cash += pay + modifier
            j = 0  # list.remove: the first customer equal to this one (wants and pay) goes
            while served[j] or CASUAL_VALUE[f.cas_card[j]] != CASUAL_VALUE[card]:
                j += 1
            served[j] = True
            left -= 1
    k = 0
    for i in range(n):
        if not served[i]:
            f.cas_card[k] = f.cas_card[i]
            k += 1
    f.n_casuals = k


cdef int MODIFIER = cards.modifier_by_count(1, 0)
assert cards.modifier_by_count(0, 1) == -MODIFIER and cards.modifier_by_count(1, 1) == 0


cdef int _modifier(int regulars, int casuals) noexcept:
    if regulars > casuals:
        return MODIFIER
    if casuals > regulars:
        return -MODIFIER
    return 0


cdef void _sow(Farm* f, int after, int* want) noexcept:
    """Sow every empty field that will still give a harvest, with the vegetable worth most
    over its harvests."""
    cdef int i, k, v, best, spaces, harvests, n_left = 0, x
    cdef double lack, per, seed, gain, best_gain
    cdef double rate[6]
    cdef int shapes[MAX_FIELDS]
    if after <= 0 or f.n_unsown == 0:
        return
    for v in range(6):
        rate[v] = 0.0
    for i in range(f.n_fields):
        rate[f.field_veg[i]] += 1.0
    for i in range(f.n_unsown):
        shapes[i] = DATA[f.unsown[i]].shape
    _sort_desc(shapes, f.n_unsown)
    for i in range(f.n_unsown):
        x = SHAPE_CARD[shapes[i]]
        spaces = DATA[x].spaces
        harvests = after if after < spaces else spaces
        best, best_gain = -1, 0.0
        for k in range(DATA[x].n_sowable):
            v = DATA[x].sowable[k]
            lack = want[v] - rate[v]
            per = 0.8 * BUY[v] if lack > 0 else f.future[v]
            if f.have[v] != 0:
                seed = f.future[v]
            elif f.shop[v] != 0 and f.cash >= BUY[v]:
                seed = BUY[v]
            else:
                continue
            gain = harvests * per - seed
            if gain > best_gain:
                best, best_gain = v, gain
        if best < 0:
            f.unsown[n_left] = x
            n_left += 1
            continue
        if f.have[best] != 0:
            f.have[best] -= 1
        else:
            f.shop[best] -= 1
            f.cash -= BUY[best]
        f.field_veg[f.n_fields] = best
        f.field_tokens[f.n_fields] = spaces
        f.n_fields += 1
        rate[best] += 1.0
    f.n_unsown = n_left


cdef void _end_of_turn(Farm* f, int after, double absorb, int* want) noexcept:
    """Keep what next round's customers want (up to the Storehouse), trade spare produce up
    at the stalls, let future customers take what they will, sell to the Shop, and return
    the rest."""
    cdef int i, j, u, v, veg, cheapest, kept
    cdef double k, room, taken, left, sold
    cdef double keep[6]
    cdef double spare[6]
    cdef bint gone[MAX_OFFERS]
    for v in range(6):
        keep[v] = 0
    room = f.capacity if after else 0
    if after:
        for i in range(6):
            v = DEAREST[i]
            k = f.have[v]
            if want[v] < k:
                k = want[v]
            if room < k:
                k = room
            keep[v] = k
            room -= k
    for v in range(6):
        spare[v] = f.have[v] - keep[v]
    for i in range(f.n_offers):
        gone[i] = False
        veg = f.offer_veg[i]
        if f.offer_bowls[i] != 1:
            continue
        cheapest = -1
        for u in range(6):
            if spare[u] != 0 and f.future[u] < f.future[veg] and (
                    cheapest < 0 or f.future[u] < f.future[cheapest]):
                cheapest = u
        if cheapest >= 0:
            spare[cheapest] -= 1
            spare[veg] += 1
            j = 0  # list.remove: the first offer equal to this one goes
            while gone[j] or f.offer_veg[j] != veg or f.offer_bowls[j] != 1:
                j += 1
            gone[j] = True
    kept = 0
    for i in range(f.n_offers):
        if not gone[i]:
            f.offer_veg[kept] = f.offer_veg[i]
            f.offer_bowls[kept] = f.offer_bowls[i]
            kept += 1
    f.n_offers = kept
    for i in range(6):
        v = DEAREST[i]
        taken = spare[v] if spare[v] <= absorb else absorb
        if taken <= 0:
            continue
        absorb -= taken
        spare[v] -= taken
        f.cash += taken * f.future[v]
    for i in range(6):
        v = DEAREST[i]
        left = spare[v]
        if left == 0:
            continue
        sold = SPACES[v] - f.shop[v]
        if left < sold:
            sold = left
        if sold > 0:
            left -= sold
            f.shop[v] += sold
            f.cash += sold * SELL[v]
        k = left if left <= room else room
        keep[v] += k
        room -= k
    for v in range(6):
        f.have[v] = keep[v]


cdef void _play_round(Farm* f, int t, double absorb, double converts) noexcept:
    cdef int after = C_ROUNDS - t
    cdef int want[6]
    f.converts = converts
    _harvest(f, t)
    _serve_regulars(f)
    _wanted(f, want)
    _serve_casuals(f, want)
    _sow(f, after, want)
    _end_of_turn(f, after, absorb, want)
