import { readFileSync } from 'node:fs'
import path from 'node:path'
import { SERVICE_TYPES, type UsageService } from '@app/contract'
import { describe, expect, it } from 'vitest'
import { migrationsFolder } from '../../db/client.ts'
import { compileClassifier, type PathRule } from './classify.ts'

// Which service a request path belongs to: the rate settings' prefix + one of paths (+ subpath), at
// segment boundaries, longest match first; anything else is UNCLASSIFIED.

/** The default rate settings as migration 0002 seeds them. */
function seededRules(): PathRule[] {
  const text = readFileSync(path.join(migrationsFolder(), '0002_usage.sql'), 'utf8')
  const row = /\('rat_\w+', '(\w+)', [\d.]+, \d+, '([^']*)', '([^']*)', (NULL|'[^']*'), (?:true|false)\)/g
  return [...text.matchAll(row)].map(([, type = '', prefix = '', paths = '', subpath = 'NULL']) => ({
    type,
    prefix,
    paths,
    subpath: subpath === 'NULL' ? null : subpath.slice(1, -1),
  }))
}

const rule = (type: string, prefix: string, paths: string, subpath: string | null = null): PathRule => ({
  type,
  prefix,
  paths,
  subpath,
})

describe('compileClassifier with hand-made rules', () => {
  const geocode = rule('GEOCODE', '/api/v1', '/geocode')
  const reverse = rule('REVERSE_GEOCODE', '/api/v1', '/geocode/reverse')

  it('lets the longest match win, whatever the rules’ order', () => {
    for (const rules of [
      [geocode, reverse],
      [reverse, geocode],
    ]) {
      const classifier = compileClassifier(rules)
      expect(classifier.classify('/api/v1/geocode/reverse')).toBe('REVERSE_GEOCODE')
      expect(classifier.classify('/api/v1/geocode/reverse/json')).toBe('REVERSE_GEOCODE')
      expect(classifier.classify('/api/v1/geocode')).toBe('GEOCODE')
      expect(classifier.classify('/api/v1/geocode/json')).toBe('GEOCODE')
      expect(classifier.classify('/api/v1/geocode/reverser')).toBe('GEOCODE')
    }
  })

  it('matches whole segments only', () => {
    const classifier = compileClassifier([geocode])
    expect(classifier.classify('/api/v1/geocoder')).toBe('UNCLASSIFIED')
    expect(classifier.classify('/api/v1/geocode-x')).toBe('UNCLASSIFIED')
    expect(classifier.classify('/api/v1/geo')).toBe('UNCLASSIFIED')
    expect(classifier.classify('/api/v1')).toBe('UNCLASSIFIED')
    expect(classifier.classify('/api/v10/geocode')).toBe('UNCLASSIFIED')
    expect(classifier.classify('/x/api/v1/geocode')).toBe('UNCLASSIFIED')
  })

  it('ignores the query string and the fragment', () => {
    const classifier = compileClassifier([geocode, reverse])
    expect(classifier.classify('/api/v1/geocode?address=Hanoi')).toBe('GEOCODE')
    expect(classifier.classify('/api/v1/geocode#top')).toBe('GEOCODE')
    expect(classifier.classify('/api/v1/geocode?next=/api/v1/geocode/reverse')).toBe('GEOCODE')
    expect(classifier.classify('/api/v1/geocode#/reverse')).toBe('GEOCODE')
    expect(classifier.classify('/api/v1/geocode/reverse?latlng=21.0,105.8#x')).toBe('REVERSE_GEOCODE')
    expect(classifier.classify('/api/v1/geocoder?x=/api/v1/geocode')).toBe('UNCLASSIFIED')
  })

  it('ignores trailing slashes on the path', () => {
    const classifier = compileClassifier([geocode, reverse])
    expect(classifier.classify('/api/v1/geocode/')).toBe('GEOCODE')
    expect(classifier.classify('/api/v1/geocode//')).toBe('GEOCODE')
    expect(classifier.classify('/api/v1/geocode/reverse/?latlng=1,2')).toBe('REVERSE_GEOCODE')
  })

  it('ignores case, in the path and in the rules', () => {
    expect(compileClassifier([geocode]).classify('/API/V1/GeoCode')).toBe('GEOCODE')
    expect(compileClassifier([rule('GEOCODE', '/API/V1', '/GeoCode')]).classify('/api/v1/geocode')).toBe('GEOCODE')
  })

  it('reads rules written without leading slashes, with trailing slashes or with spaces', () => {
    const classifier = compileClassifier([
      rule('GEOCODE', 'api/v1/', ' geocode/ , /search/ '),
      rule('SESSION_AUTOCOMPLETE', ' /api/v1 ', 'place/autocomplete', 'session/'),
    ])
    expect(classifier.classify('/api/v1/geocode')).toBe('GEOCODE')
    expect(classifier.classify('/api/v1/search?q=x')).toBe('GEOCODE')
    expect(classifier.classify('/api/v1/place/autocomplete/session')).toBe('SESSION_AUTOCOMPLETE')
    expect(classifier.classify('/api/v1/place/autocomplete')).toBe('UNCLASSIFIED')
  })

  it('gives a subpath precedence over the same path without it', () => {
    const classifier = compileClassifier([
      rule('SESSION_AUTOCOMPLETE', '/api/v1', '/place/autocomplete', '/session'),
      rule('AUTOCOMPLETE', '/api/v1', '/place/autocomplete'),
    ])
    expect(classifier.classify('/api/v1/place/autocomplete/session?input=ha')).toBe('SESSION_AUTOCOMPLETE')
    expect(classifier.classify('/api/v1/place/autocomplete/session/next')).toBe('SESSION_AUTOCOMPLETE')
    expect(classifier.classify('/api/v1/place/autocomplete?input=ha')).toBe('AUTOCOMPLETE')
    expect(classifier.classify('/api/v1/place/autocomplete/sessions')).toBe('AUTOCOMPLETE')
  })

  it('ignores rules of a type it does not know, even when they would match longer', () => {
    const classifier = compileClassifier([geocode, rule('TELEPORT', '/api/v1', '/geocode/reverse')])
    expect(classifier.classify('/api/v1/geocode/reverse')).toBe('GEOCODE')
    expect(compileClassifier([rule('TELEPORT', '/api/v1', '/teleport')]).classify('/api/v1/teleport')).toBe(
      'UNCLASSIFIED',
    )
  })

  it('ignores a rule with nothing to match rather than matching everything', () => {
    const classifier = compileClassifier([rule('TRIP', '', ''), rule('TRIP', '  ', ' , ')])
    expect(classifier.classify('/api/v1/trip')).toBe('UNCLASSIFIED')
    expect(classifier.classify('/')).toBe('UNCLASSIFIED')
  })

  it('classifies nothing with no rules', () => {
    const classifier = compileClassifier([])
    expect(classifier.classify('/api/v1/geocode')).toBe('UNCLASSIFIED')
    expect(classifier.classify('')).toBe('UNCLASSIFIED')
  })

  it('answers the same for a path it has seen before', () => {
    const classifier = compileClassifier([geocode, reverse])
    for (let i = 0; i < 3; i++) {
      expect(classifier.classify('/api/v1/geocode/reverse')).toBe('REVERSE_GEOCODE')
      expect(classifier.classify('/api/v1/geocoder')).toBe('UNCLASSIFIED')
    }
  })
})

describe('compileClassifier with the seeded rate settings', () => {
  const rules = seededRules()
  const classifier = compileClassifier(rules)

  it('reads one seeded rule per service type', () => {
    expect(rules.map((r) => r.type).sort()).toEqual([...SERVICE_TYPES].sort())
  })

  it.each<[string, UsageService]>([
    ['/map/v1/tiles/14/13007/7198.pbf', 'LOAD_MAP'],
    ['/map/v1/styles/basic/style.json', 'LOAD_MAP'],
    ['/map/v1/sprites/basic@2x.png', 'LOAD_MAP'],
    ['/map/v1/fonts/Noto%20Sans/0-255.pbf', 'LOAD_MAP'],
    ['/map/v1/static?center=21.0,105.8&zoom=12', 'STATIC_MAP'],
    ['/api/v1/geocode?address=Hanoi', 'GEOCODE'],
    ['/api/v1/geocode/forward?q=Hanoi', 'FORWARD_GEOCODE'],
    ['/api/v1/search?q=pho', 'FORWARD_GEOCODE'],
    ['/api/v1/geocode/reverse', 'REVERSE_GEOCODE'],
    ['/api/v1/reverse?latlng=21.0,105.8', 'REVERSE_GEOCODE'],
    ['/api/v1/direction', 'DIRECTION'],
    ['/api/v1/directions?origin=a&destination=b', 'DIRECTION'],
    ['/api/v1/route', 'DIRECTION'],
    ['/api/v1/distancematrix', 'DISTANCE_MATRIX'],
    ['/api/v1/distance-matrix', 'DISTANCE_MATRIX'],
    ['/api/v1/matrix', 'DISTANCE_MATRIX'],
    ['/api/v1/place/detail?place_id=1', 'PLACE_DETAIL'],
    ['/api/v1/place/details', 'PLACE_DETAIL'],
    ['/api/v1/place/autocomplete?input=ha', 'AUTOCOMPLETE'],
    ['/api/v1/autocomplete', 'AUTOCOMPLETE'],
    ['/api/v1/place/autocomplete/session?input=ha', 'SESSION_AUTOCOMPLETE'],
    ['/api/v1/autocomplete/session', 'SESSION_AUTOCOMPLETE'],
    ['/api/v1/place/findplacefromtext?input=x', 'FIND_PLACE_FROM_TEXT'],
    ['/api/v1/place/find', 'FIND_PLACE_FROM_TEXT'],
    ['/api/v1/trip', 'TRIP'],
    ['/api/v1/optimize', 'TRIP'],
    ['/API/V1/GEOCODE/REVERSE/', 'REVERSE_GEOCODE'],
  ])('%s is %s', (requestPath, service) => {
    expect(classifier.classify(requestPath)).toBe(service)
  })

  it.each([
    '/api/v1/geocoder',
    '/api/v1/routes',
    '/api/v1/place',
    '/api/v1/place/autocompleter',
    '/api/v1/tiles/1/2/3.pbf',
    '/map/v1/geocode',
    '/api/v2/geocode',
    '/api/v1',
    '/',
    '',
    '?/api/v1/geocode',
  ])('%j is UNCLASSIFIED', (requestPath) => {
    expect(classifier.classify(requestPath)).toBe('UNCLASSIFIED')
  })
})
